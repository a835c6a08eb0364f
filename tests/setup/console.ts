// Vitest setup file: a console.error or console.warn during a test fails that test.
// React's warnings (missing keys, act(), hydration, invalid DOM nesting…) go through these two,
// and so do the app's own "this went wrong" logs: a test that means to provoke one says so with
// expectConsoleError(), which is also an assertion (the test fails if the message never comes).
import { format } from "node:util";
import { afterAll, afterEach } from "vitest";
import { logTo } from "#app/lib/logger.server.ts";

type Level = "error" | "warn";
type Logged = { level: Level; message: string };
type Expectation = { level: Level; pattern: RegExp | string; seen: number };

const logged: Logged[] = [];
let expectations: Expectation[] = [];
// The integration files of a worker share one process (isolate: false) and each runs this file again: the console's own
// methods are kept from the first run, so each file wraps them once rather than the last file's wrapper.
const kept = globalThis as unknown as { __console?: Pick<Console, "error" | "warn"> };
const original = (kept.__console ??= { error: console.error, warn: console.warn });

for (const level of ["error", "warn"] as const) {
  console[level] = (...args: unknown[]) => {
    const entry = { level, message: format(...args) };
    logged.push(entry);
    // Printed as it happens, so the output shows what led to it; not when a test said it expects it.
    if (!expectations.some((expectation) => matches(expectation, entry))) original[level](...args);
  };
}

const matches = (expectation: Expectation, entry: Logged) =>
  expectation.level === entry.level &&
  (typeof expectation.pattern === "string" ? entry.message.includes(expectation.pattern) : expectation.pattern.test(entry.message));

/**
 * The current test expects console.error to log a message matching `pattern` (a substring or a
 * RegExp; any message when left out). Matching messages do not fail the test; if none is logged
 * by the end of the test, the test fails.
 */
export function expectConsoleError(pattern: RegExp | string = /[\s\S]*/) {
  expectations.push({ level: "error", pattern, seen: 0 });
}

/** Like expectConsoleError, for console.warn. */
export function expectConsoleWarn(pattern: RegExp | string = /[\s\S]*/) {
  expectations.push({ level: "warn", pattern, seen: 0 });
}

/**
 * What the console logged since the last check that no expectation allows, plus the expectations
 * that never matched; clears both. The afterEach below fails the test when this is not empty.
 */
export function consoleProblems(): string[] {
  const problems: string[] = [];
  for (const entry of logged) {
    const allowed = expectations.find((expectation) => matches(expectation, entry));
    if (allowed) allowed.seen++;
    else problems.push(`console.${entry.level} was called:\n${entry.message}`);
  }
  for (const expectation of expectations) {
    if (!expectation.seen) problems.push(`expected a console.${expectation.level} matching ${String(expectation.pattern)}, none was logged`);
  }
  logged.length = 0;
  expectations = [];
  return problems;
}

function failOnProblems(where: string) {
  const problems = consoleProblems();
  if (problems.length) {
    throw new Error(
      `${where}: ${problems.join("\n\n")}\n\n(Use expectConsoleError(pattern) from #tests/setup/console.ts when a test means to log this.)`,
    );
  }
}

// Anything logged while the file was imported or in beforeAll counts against the first test.
afterEach(() => failOnProblems("The test logged to the console"));
afterAll(() => failOnProblems("The test file logged to the console after its last test"));

// The app's JSON log lines (lib/logger.server.ts, at LOG_LEVEL: errors only unless set) go to the console by level, so
// an error or warning the app logs fails the test unless it is expected, as React's and console's do.
logTo({
  write(line: string) {
    const { level } = JSON.parse(line) as { level: string };
    const print = level === "error" || level === "fatal" ? console.error : level === "warn" ? console.warn : console.log;
    print(line.trimEnd());
  },
});
