// How many statements the two hottest calls send to the database (BEGIN and COMMIT included), counted at
// the driver: fetch-current-betslip none once the betslip is in memory; a submission paid from the wallet
// nine (it was 21): the idempotency claim, then BEGIN, the betslip row lock (with the subscription and any
// earlier intent read alongside), the wallet lock, the limits, the stake, the slip, the stored answer, COMMIT.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from './helper.ts';
import { addSubscriber, body, get, picks, seedPlay, submit } from './playFixtures.ts';

let sent: string[] = [];
const pgliteQuery = PGlite.prototype.query;
const pgQuery = pg.Client.prototype.query;
// Every statement either driver sends, whichever code sends it.
PGlite.prototype.query = function (this: PGlite, query: string, ...rest: unknown[]) {
  sent.push(query);
  return (pgliteQuery as (...args: unknown[]) => unknown).call(this, query, ...rest);
} as typeof PGlite.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, query: unknown, ...rest: unknown[]) {
  sent.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text));
  return (pgQuery as (...args: unknown[]) => unknown).call(this, query, ...rest);
} as typeof pg.Client.prototype.query;
afterAll(() => {
  PGlite.prototype.query = pgliteQuery;
  pg.Client.prototype.query = pgQuery;
});

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  sent = [];
  await work();
  const statements = sent;
  sent = [];
  return statements;
}

describeEachDb('statements on the hot paths', (t) => {
  it('answers fetch-current-betslip from memory and pays a slip in nine statements', async () => {
    await seedPlay(t());
    const token = await addSubscriber(t(), '26650000601', { walletCents: 100_00 });
    const sid = (await get(t().app, token, 'fetch-current-betslip')).json().sid;
    // Warm: the first submission may create what later ones find (none here, but be fair).
    expect((await submit(t().app, token, body(sid, picks(), 2), 'warm')).statusCode).toBe(200);

    const fetched = await statementsOf(() => get(t().app, token, 'fetch-current-betslip'));
    expect(fetched).toEqual([]);

    let status = 0;
    const submitted = await statementsOf(async () => {
      status = (await submit(t().app, token, body(sid, picks(), 2), 'counted')).statusCode;
    });
    expect(status).toBe(200);
    expect(submitted.length, submitted.join('\n')).toBeLessThanOrEqual(9);
  });
});
