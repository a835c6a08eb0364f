export const E2E_SESSION_SECRET: string;
export const E2E_TOTP_KEY: string;
export function e2eDatabaseUrl(): string;
export function e2eSqliteFile(): string;
export function restartedMark(): string;
