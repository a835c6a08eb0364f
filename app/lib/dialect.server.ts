/**
 * Which database the product runs on, from DATABASE_URL: SQLite (a file: URL, the default) or PostgreSQL.
 * Raw SQL that differs between the two is written once through the helpers in sql.server.ts.
 */
export type Dialect = "sqlite" | "postgres";

export const databaseUrl = () => process.env.DATABASE_URL ?? "file:./data/app.db";

export const dialect: Dialect = /^postgres(ql)?:/.test(databaseUrl()) ? "postgres" : "sqlite";
