import pino, { type Level, type LevelWithSilent, type Logger } from "pino";
import { env } from "./env.server.ts";

/**
 * The server's log: JSON lines on stdout (pino), at LOG_LEVEL. The edge writes one line per request
 * (`logRequest`); errors are logged with the request's id and their stack. A line never carries an e-mail
 * address, a password, a token, a code or a query string: people are named by id, requests by their route's id.
 */

type Target = { write(line: string): unknown };

function create() {
  /** Where lines go: stdout, unless a test reads them (`logTo`). */
  const sink = { target: null as Target | null };
  const stdout = pino.destination(1);
  const logger = pino(
    {
      level: env().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => (sink.target ?? stdout).write(line) },
  );
  return { logger, sink };
}

// One logger per process: the build and a test's own import of this module share it (as db.server.ts shares its client).
const holder = globalThis as unknown as { __logger?: ReturnType<typeof create> };
const shared = (holder.__logger ??= create());

export const logger: Logger = shared.logger;

/**
 * Sends the lines to `target` at `level` until the returned function is called (the tests read the log this way);
 * `null` is stdout again.
 */
export function logTo(target: Target | null, level: LevelWithSilent = shared.logger.level as LevelWithSilent) {
  const before = { target: shared.sink.target, level: shared.logger.level };
  shared.sink.target = target;
  shared.logger.level = level;
  return () => {
    shared.sink.target = before.target;
    shared.logger.level = before.level;
  };
}

export type RequestLine = {
  requestId: string;
  method: string;
  /** React Router's id of the matched route (`routes/admin/users`), or a fixed name for what the edge answers itself. */
  route: string;
  status: number;
  durationMs: number;
  personId: number | null;
};

/** The one line a request writes once it is answered. */
export function logRequest(line: RequestLine) {
  if (shared.logger.isLevelEnabled("info")) shared.logger.info(line, "request");
}

/** An error that stopped a request (or work outside one: `requestId` null), logged once with its stack. */
export function logError(error: unknown, context: { requestId?: string | null; [key: string]: unknown }, message = "error", level: Level = "error") {
  shared.logger[level]({ ...context, err: error instanceof Error ? error : new Error(typeof error === "string" ? error : JSON.stringify(error)) }, message);
}
