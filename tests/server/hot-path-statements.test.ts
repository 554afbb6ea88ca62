// How many statements the two hottest calls send to the database (BEGIN and COMMIT included), counted at
// the driver: fetch-current-betslip none once the betslip is in memory; a submission paid from the wallet
// seven (it was 21, then nine): the idempotency claim, then BEGIN, the betslip row lock (with the
// subscription and any earlier intent read alongside), the wallet lock, the limits, one statement that
// writes the stake, the slip and the stored answer, COMMIT.
// And settlement's batch, the statement it sends 400 times for 100k slips: its UPDATE, then one statement
// that pays the winners (wallet rows made in it), then COMMIT; no group lookup in a round without groups.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { settleBetslip } from '../../server/ops/settle.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, body, get, picks, seedPlay, submit } from './playFixtures.ts';
import { bigBetslip, expectedPayout } from './settleFixtures.ts';

let sent: string[] = [];
const pgliteQuery = PGlite.prototype.query;
const pgliteExec = PGlite.prototype.exec;
const pgQuery = pg.Client.prototype.query;
// Every statement either driver sends, whichever code sends it (BEGIN and COMMIT go to PGlite by exec).
PGlite.prototype.query = function (this: PGlite, query: string, ...rest: unknown[]) {
  sent.push(query);
  return (pgliteQuery as (...args: unknown[]) => unknown).call(this, query, ...rest);
} as typeof PGlite.prototype.query;
PGlite.prototype.exec = function (this: PGlite, query: string, ...rest: unknown[]) {
  sent.push(query);
  return (pgliteExec as (...args: unknown[]) => unknown).call(this, query, ...rest);
} as typeof PGlite.prototype.exec;
pg.Client.prototype.query = function (this: pg.Client, query: unknown, ...rest: unknown[]) {
  sent.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text));
  return (pgQuery as (...args: unknown[]) => unknown).call(this, query, ...rest);
} as typeof pg.Client.prototype.query;
afterAll(() => {
  PGlite.prototype.query = pgliteQuery;
  PGlite.prototype.exec = pgliteExec;
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
  it('answers fetch-current-betslip from memory and pays a slip in seven statements', async () => {
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
    expect(submitted.length, submitted.join('\n')).toBeLessThanOrEqual(7);
  });

  it('writes and pays a settlement batch in its UPDATE, one paying statement and COMMIT', async () => {
    // 600 slips, winners in each batch of 250 (every 15th slip is a jackpot, and so on), no groups.
    await bigBetslip(t(), 'STMT-1', 600);
    let outcome: Awaited<ReturnType<typeof settleBetslip>> | undefined;
    const sentBySettling = await statementsOf(async () => {
      outcome = await settleBetslip(t().db.kysely, 'test', 'STMT-1', () => t().clock.now());
    });
    expect(outcome?.ok && outcome.value.winners).toBe(expectedPayout(600).winners);
    const batches = sentBySettling.flatMap((q, i) => (q.trimStart().startsWith('WITH page AS') ? [i] : []));
    expect(batches).toHaveLength(3);
    for (const at of batches) {
      const end = sentBySettling.findIndex((q, i) => i > at && /^commit$/i.test(q.trim()));
      const rest = sentBySettling.slice(at + 1, end);
      expect(rest, rest.join('\n')).toHaveLength(1);
      expect(rest[0]).toContain('INSERT INTO wallet_moves');
    }
  });
});
