import pg from "pg";

/**
 * The integration suite on PostgreSQL (npm run test:pg): TEST_POSTGRES_URL names a server; the global setup
 * migrates a template database there, and each Vitest worker gets its own database copied from it.
 */
export const testPostgresServer = () => process.env.TEST_POSTGRES_URL;

const runId = () => (process.env.TEST_DATA_DIR ?? "tests/.data").replace(/\W+/g, "_").toLowerCase();
export const templateDatabase = () => `test_${runId()}_template`;
export const workerDatabase = (worker: string) => `test_${runId()}_w${worker}`;

export function databaseUrl(server: string, name: string) {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` with a connection to the server's maintenance database (to create and drop databases). */
export async function withAdmin<T>(server: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl(server, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops the databases of an earlier run with the same data directory (workers and template). */
export async function dropRunDatabases(server: string) {
  await withAdmin(server, async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`test_${runId()}_%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/**
 * Puts a worker's database back to the migrated template's state: every table emptied and its ids restarted,
 * in one TRUNCATE (the migrations insert no rows).
 */
export async function postgresResetter(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_migrations'`,
  );
  const truncate = `TRUNCATE ${rows.map(({ tablename }) => `"${tablename}"`).join(", ")} RESTART IDENTITY CASCADE`;
  return {
    reset: async () => {
      await client.query(truncate);
    },
    close: () => client.end(),
  };
}
