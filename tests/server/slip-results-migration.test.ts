// Migration 023 moved a settled slip's count, prize and rows out of its submission row into slip_results
// (settlement rewrote every 1.1 KB slip row; now it inserts a few bytes a slip). Its copy must lose
// nothing either way: a round settled, migrated down (back into the old columns) and up again reads the same.
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import * as slipResults from '../../server/db/migrations/023_slip_results.ts';
import { settleBetslip } from '../../server/ops/settle.ts';
import { describeEachDb } from './helper.ts';
import { bigBetslip, expectedPayout } from './settleFixtures.ts';

describeEachDb('migration 023: settled slips in slip_results', (t) => {
  it('copies what settled slips hold into the old columns and back, unchanged', async () => {
    await bigBetslip(t(), 'MIG-1', 30);
    const settled = await settleBetslip(t().db.kysely, 'test', 'MIG-1', () => t().clock.now());
    expect(settled.ok && settled.value.winners).toBe(expectedPayout(30).winners);
    const read = async () =>
      (
        await sql<Record<string, unknown>>`
          SELECT r.submission_id, r.correct_count, r.amount_won_cents::text AS won, r.prize_won,
            r.winning_rows::text AS winning_rows
          FROM slip_results r JOIN submissions s ON s.id = r.submission_id
          WHERE s.betslip_sid = 'MIG-1' ORDER BY r.submission_id`.execute(t().db.kysely)
      ).rows;
    const before = await read();
    expect(before).toHaveLength(30);
    expect(before.filter((r) => r.won !== '0')).toHaveLength(expectedPayout(30).winners);

    await slipResults.down(t().db.kysely as Kysely<unknown>);
    const legacy = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM submissions
      WHERE betslip_sid = 'MIG-1' AND correct_count IS NOT NULL AND amount_won_cents IS NOT NULL`.execute(
      t().db.kysely,
    );
    expect(Number(legacy.rows[0]?.n)).toBe(30);

    await slipResults.up(t().db.kysely as Kysely<unknown>);
    expect(await read()).toEqual(before);
  });
});
