// One autocannon run: every response's time recorded here (autocannon's own histogram has no p95).
import autocannon from "autocannon";

export type Measurement = {
  connections: number;
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  /** Responses per second over the run. */
  rps: number;
  /** Responses by status code; anything but the expected status is reported. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
};

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type Load = {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /**
   * How many requests: a fixed number, not a duration, so that no request is left running on the server
   * when the run ends (its query would still hold the database while the next case is measured).
   */
  amount: number;
};

export function measure({ url, headers, connections, amount }: Load): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const statuses: Record<string, number> = {};
    let first = 0;
    let last = 0;
    const started = performance.now();
    const instance = autocannon(
      {
        url,
        headers,
        connections: Math.min(connections, amount),
        amount,
        // Checks every 50 ms whether it is done, so a run ends when its last response is in.
        sampleInt: 50,
        timeout: 120,
      },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        const elapsed = ((last || performance.now()) - (first || started)) / 1000;
        const sum = times.reduce((total, t) => total + t, 0);
        resolve({
          connections,
          requests: times.length,
          seconds: round(elapsed, 2),
          p50: round(percentile(times, 50)),
          p95: round(percentile(times, 95)),
          p99: round(percentile(times, 99)),
          mean: round(times.length ? sum / times.length : NaN),
          max: round(times.at(-1) ?? NaN),
          rps: round(elapsed > 0 ? times.length / elapsed : NaN, 0),
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      const now = performance.now();
      // The run's clock starts when the first request went out, not when autocannon was called.
      if (!first) first = now - responseTime;
      last = now;
      times.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

export const round = (value: number, digits = 2) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : NaN);
