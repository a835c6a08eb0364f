import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";
import { env } from "./env.server.ts";

/**
 * What the server measures, for Prometheus at GET /metrics (prom-client): requests by route and status, database
 * queries, open live streams, the job queue, money moved, and the process itself. Each domain defines its own metrics
 * with `counter`, `gauge` or `histogram` here (jobs in lib/jobs.server.ts, money in modules/payments).
 */

// One registry per process: the build and a test's own import of a module share it, and a metric defined twice (by
// two copies of one module) is the same metric.
const holder = globalThis as unknown as { __metrics?: Registry };
export const registry: Registry = (holder.__metrics ??= (() => {
  const created = new Registry();
  collectDefaultMetrics({ register: created });
  return created;
})());

export function counter<L extends string>(config: Omit<CounterConfiguration<L>, "registers">): Counter<L> {
  return (registry.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter({ ...config, registers: [registry] });
}

export function gauge<L extends string>(config: Omit<GaugeConfiguration<L>, "registers">): Gauge<L> {
  return (registry.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge({ ...config, registers: [registry] });
}

export function histogram<L extends string>(config: Omit<HistogramConfiguration<L>, "registers">): Histogram<L> {
  return (registry.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram({ ...config, registers: [registry] });
}

export const httpRequests = histogram({
  name: "http_request_duration_seconds",
  help: "Requests answered, by route id, method and status, and how long each took until its response began",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const dbQueries = histogram({
  name: "db_query_duration_seconds",
  help: "Database queries through Prisma, by model (raw for SQL) and operation",
  labelNames: ["model", "operation"] as const,
  buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
});

export const liveStreams = gauge({ name: "live_streams_open", help: "Live streams (GET /events) open on this server" });

/** Records a request the edge answered. */
export function countRequest(route: string, method: string, status: number, durationMs: number) {
  httpRequests.observe({ route, method, status: String(status) }, durationMs / 1000);
}

/** A socket address as written in METRICS_ALLOW: an IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d. */
const plainAddress = (address: string) => (address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

let allowed: BlockList | undefined;
function allowList() {
  if (!allowed) {
    allowed = new BlockList();
    for (const entry of env().METRICS_ALLOW) {
      const [address, prefix] = entry.split("/");
      const type = isIP(address) === 4 ? "ipv4" : "ipv6";
      if (prefix === undefined) allowed.addAddress(address, type);
      else allowed.addSubnet(address, Number(prefix), type);
    }
  }
  return allowed;
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether this request may read the metrics: it carries `Authorization: Bearer <METRICS_TOKEN>`, or comes from a
 * socket address METRICS_ALLOW lists (the socket's, never X-Forwarded-For, which a client could write itself).
 */
export function mayReadMetrics(request: Request, socketAddress: string | null) {
  const { METRICS_TOKEN } = env();
  const bearer = /^Bearer (.+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (METRICS_TOKEN && bearer && sameSecret(bearer, METRICS_TOKEN)) return true;
  if (!socketAddress) return false;
  const address = plainAddress(socketAddress);
  const family = isIP(address);
  return family !== 0 && allowList().check(address, family === 4 ? "ipv4" : "ipv6");
}

/** GET /metrics: the registry in Prometheus' text format, or a plain 404 for anyone else (nothing says it exists). */
export async function metricsResponse(request: Request, socketAddress: string | null) {
  if (request.method !== "GET" || !mayReadMetrics(request, socketAddress)) return null;
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}
