// GET /metrics in Prometheus text format (prom-client), behind METRICS_TOKEN as a bearer token; not
// served when no token is set. What it counts (docs/OPERATING.md "Metrics"): requests by route (rate and
// latency), background jobs by queue and state, payments still pending by rail and age, and the rails'
// errors by provider code. Gauges are read from the database when scraped: nothing is kept per request
// beyond prom-client's fixed buckets, so memory stays flat however many requests come.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/index.ts';

/** Counted by the rails wrappers: a payment a provider refused or left unknown, by rail and code. */
export interface RailErrorCounter {
  inc(labels: { rail: string; code: string }): void;
}

export const noRailErrors: RailErrorCounter = { inc() {} };

export interface Metrics {
  registry: Registry;
  railErrors: RailErrorCounter;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const railErrors = new Counter({
    name: 'j14_rail_errors_total',
    help: 'Payments a rail refused or left unknown, by rail and provider code',
    labelNames: ['rail', 'code'] as const,
    registers: [registry],
  });
  return { registry, railErrors };
}

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The payments tables that can wait on a provider, and the rail each row's wallet names. */
const PENDING = sql<{ rail: string; count: number; oldest_seconds: number }>`
  SELECT rail, count(*)::int AS count, coalesce(max(extract(epoch FROM now() - created_at)), 0)::float AS oldest_seconds
  FROM (
    SELECT wallet_sid AS rail, created_at FROM deposits WHERE status = 'PENDING'
    UNION ALL SELECT mobile_wallet_sid, created_at FROM cash_outs WHERE status = 'PENDING'
    UNION ALL SELECT 'AIRTIME', created_at FROM airtime_purchases WHERE status = 'PENDING'
    UNION ALL SELECT 'BILLING', created_at FROM airtime_stakes WHERE status IN ('RESERVED', 'REFUNDING', 'RELEASING')
  ) p GROUP BY rail`;

export function registerMetrics(
  app: FastifyInstance,
  options: { token: string; db: Kysely<Database>; metrics: Metrics; bossSchema: () => Promise<string> },
): void {
  const { registry } = options.metrics;
  const requests = new Histogram({
    name: 'j14_http_request_duration_seconds',
    help: 'Request latency by route, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const db = options.db;
  new Gauge({
    name: 'j14_payments_pending',
    help: 'Payments waiting on a provider, by rail',
    labelNames: ['rail'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await PENDING.execute(db)).rows) this.set({ rail: row.rail }, Number(row.count));
    },
  });
  new Gauge({
    name: 'j14_payments_pending_oldest_seconds',
    help: 'Age of the oldest payment waiting on a provider, by rail',
    labelNames: ['rail'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await PENDING.execute(db)).rows)
        this.set({ rail: row.rail }, Number(row.oldest_seconds));
    },
  });
  new Gauge({
    name: 'j14_jobs',
    help: 'Background jobs by queue and state (pg-boss)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const schema = await options.bossSchema();
      // No job tables (an instance with jobs off that never migrated pg-boss): nothing to report.
      const rows = await sql<{ name: string; state: string; count: number }>`
        SELECT name, state::text AS state, count(*)::int AS count FROM ${sql.table(`${schema}.job`)}
        GROUP BY name, state`
        .execute(db)
        .catch(() => ({ rows: [] }));
      for (const row of rows.rows) this.set({ queue: row.name, state: row.state }, Number(row.count));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: label values stay few (no ids, no msisdns).
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.observe(
      { route, method: request.method, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { config: { cors: false } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(given, options.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'ERRORS.UNAUTHORIZED' });
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
