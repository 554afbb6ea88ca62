// Demo-only developer route for the offline e2e: closing the current betslip now. A slip saved offline
// for it is then refused as BETSLIP.CLOSED (never accepted late), and the demo rolls forward to the next.
import { describe, expect, it } from 'vitest';
import { backends, buildTestApp, describeEachDb } from './helper.ts';
import { addSubscriber, body, get, picks, seedPlay, submit } from './playFixtures.ts';

describeEachDb('dev: close the current betslip', (t) => {
  it('ends the current betslip now: a late slip is refused, the next betslip opens', async () => {
    await seedPlay(t());
    const token = await addSubscriber(t(), '26650000071', { walletCents: 10_000 });
    const before = (await get(t().app, token, 'fetch-current-betslip')).json();

    const res = await t().app.inject({ method: 'POST', url: '/dev/close-current-betslip' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sid: before.sid });

    const late = await submit(t().app, token, body(before.sid, picks(), 2), 'late-key-1');
    expect(late.statusCode).toBe(409);
    expect(late.json().messageKey).toBe('BETSLIP.CLOSED');

    const next = (await get(t().app, token, 'fetch-current-betslip')).json();
    expect(next.sid).not.toBe(before.sid);
  });
});

describe('dev routes outside demo mode', () => {
  it('do not exist', async () => {
    const t = await buildTestApp(backends[0]!, { config: { demo: false } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/dev/close-current-betslip' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
