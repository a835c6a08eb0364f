// Types for scripts/migrate.mjs (imported by the test setup).
export declare const isPostgres: (url: string) => boolean;
export declare function migrationNames(dir: string): string[];
export declare function migratePostgres(url: string, options?: { quiet?: boolean }): Promise<string[]>;
export declare function createPostgresDatabase(url: string): Promise<void>;
/** Applies the pending SQLite migrations (none: Prisma's CLI is not run) and returns their names. */
export declare function migrateSqlite(url: string, options?: { stdio?: "inherit" | "pipe" }): string[];
export declare function pendingSqliteMigrations(file: string, dir?: string): string[];
export declare function measureNewIndexes(file: string): string[];
