// Demo-only phone simulator: the /dev/ussd page and its script, an inbound SMS sent through POST /dev/sms
// (answered into the dev outbox), and a round made to close within the hour. None exists outside demo.
import { describe, expect, it } from 'vitest';
import { outbox } from './channelFixtures.ts';
import { backends, buildTestApp, describeEachDb } from './helper.ts';
import { addSubscriber, get, seedPlay } from './playFixtures.ts';

describeEachDb(
  'dev: phone simulator',
  (t) => {
    it('serves the phone page with its script from our origin (no inline script)', async () => {
      const page = await t().app.inject({ method: 'GET', url: '/dev/ussd' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<script src="/dev/ussd.js"></script>');
      expect(page.body).not.toMatch(/<script>/);
      const script = await t().app.inject({ method: 'GET', url: '/dev/ussd.js' });
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.body).toContain("fetch('/api/ussd'");
    });

    it('sends an inbound SMS as the gateway would, with its token, and the reply lands in the outbox', async () => {
      await seedPlay(t());
      await addSubscriber(t(), '26650007701', { walletCents: 10_00 });
      const res = await t().app.inject({
        method: 'POST',
        url: '/dev/sms',
        payload: { from: '26650007701', text: 'CHELETE' },
      });
      expect(res.statusCode).toBe(200);
      expect((await outbox(t().app, '26650007701'))[0]).toMatch(/^Chelete: M 10\.00\n/);
    });

    it('makes the current round close within the given minutes', async () => {
      await seedPlay(t());
      const token = await addSubscriber(t(), '26650007702');
      const res = await t().app.inject({
        method: 'POST',
        url: '/dev/current-betslip-ends-in',
        payload: { minutes: 30 },
      });
      expect(res.statusCode).toBe(200);
      const { endsAt } = (await get(t().app, token, 'fetch-current-betslip')).json();
      expect(new Date(endsAt).getTime() - t().clock.now().getTime()).toBe(30 * 60_000);
      const bad = await t().app.inject({
        method: 'POST',
        url: '/dev/current-betslip-ends-in',
        payload: { minutes: 0 },
      });
      expect(bad.statusCode).toBe(400);
    });
  },
  { config: { gatewayToken: 'dev-gw' } },
);

describe('phone simulator outside demo mode', () => {
  it('does not exist', async () => {
    const t = await buildTestApp(backends[0]!, { config: { demo: false } });
    try {
      for (const url of ['/dev/ussd', '/dev/ussd.js']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const sms = await t.app.inject({ method: 'POST', url: '/dev/sms', payload: { from: '1', text: 'x' } });
      expect(sms.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
