// GET /metrics (docs/OPERATING.md "Metrics"): Prometheus text behind the METRICS_TOKEN bearer; request
// latency by route pattern (never a raw URL), payments pending by rail, jobs by queue and state.
import { expect, it } from 'vitest';
import { describeEachDb } from './helper.ts';

const TOKEN = 'metrics-token-0123456789';

describeEachDb(
  'metrics',
  (t) => {
    it('refuses a scrape without the token, and changes nothing', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
        const res = await t().app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, String(authorization)).toBe(401);
      }
    });

    it('reports requests by route pattern, pending payments by rail and jobs by queue', async () => {
      await t().app.inject({ method: 'GET', url: '/healthz' });
      await t().app.inject({ method: 'GET', url: '/api/protected/deposits/some-id-123' });
      await t()
        .db.kysely.insertInto('deposits')
        .values({
          id: crypto.randomUUID(),
          reference: 'DP-METRICS1',
          msisdn: '26659990001',
          idempotency_key: 'metrics-1',
          wallet_sid: 'MPESA',
          amount_cents: 25_00,
          status: 'PENDING',
        })
        .execute();
      const res = await t().app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.body;
      expect(text).toMatch(
        /j14_http_request_duration_seconds_count\{route="\/healthz",method="GET",status="2xx"\} 1/,
      );
      // The pattern, not the id: label values stay few.
      expect(text).toContain('route="/api/protected/deposits/:depositId"');
      expect(text).not.toContain('some-id-123');
      expect(text).toMatch(/j14_payments_pending\{rail="MPESA"\} 1/);
      expect(text).toMatch(/j14_payments_pending_oldest_seconds\{rail="MPESA"\} [\d.]+/);
      expect(text).toContain('# TYPE j14_jobs gauge');
      expect(text).toContain('# TYPE j14_rail_errors_total counter');
    });
  },
  { config: { metricsToken: TOKEN } },
);
