// Types for scripts/migrate.mjs (imported by the test setup).
export declare const isPostgres: (url: string) => boolean;
export declare function migrationNames(dir: string): string[];
export declare function migratePostgres(url: string, options?: { quiet?: boolean }): Promise<void>;
export declare function createPostgresDatabase(url: string): Promise<void>;
export declare function migrateSqlite(url: string, options?: { stdio?: "inherit" | "pipe" }): void;
export declare function measureNewIndexes(file: string): string[];
