// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Exactly this many requests (`duration` is then ignored). */
    amount?: number;
    /** Stop after this many responses (with `duration` as the upper bound). */
    maxOverallRequests?: number;
    /** How often, in ms, the run checks whether it should stop. */
    sampleInt?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    requests: { total: number; average: number };
  };

  export type Instance = EventEmitter & {
    stop: () => void;
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): Instance;
    on(event: string, listener: (...args: unknown[]) => void): Instance;
  };

  export default function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
}
