// What settling a betslip would pay, without paying: the same reads and the same pure rules as the
// settlement itself (tallySlips, shareSlipTiers, payoutOf), so the preview is what settling pays: under
// rule 'ROWS' a tier's winners are its winning rows.
import type { Kysely } from 'kysely';
import { payoutOf } from '../../machines/rules/settlement.ts';
import type { SettlementPreview } from '../../machines/wire/admin.ts';
import { done, type OpResult, refused } from '../audit/outcome.ts';
import type { Database } from '../db/index.ts';
import { poolsOf, SETTLE_PAGE } from './settle.ts';
import { shareSlipTiers, storedResults, tallySlips } from './settleRead.ts';

const inM = (cents: number) => cents / 100;

export async function settlementPreview(
  db: Kysely<Database>,
  sid: string,
): Promise<OpResult<SettlementPreview>> {
  const betslip = await db
    .selectFrom('betslips')
    .select(['status', 'rollover', 'settlement_rule'])
    .where('sid', '=', sid)
    .executeTakeFirst();
  if (!betslip) return refused(404, 'BETSLIP.NOT_FOUND');
  if (betslip.status === 'DRAFT' || betslip.status === 'SCHEDULED')
    return refused(409, 'BETSLIP.NOT_PUBLISHED');
  const results = await storedResults(db, sid);
  if (!results) return refused(409, 'BETSLIP.RESULTS_MISSING');
  const pools = await poolsOf(db, sid);
  const { tierRows } = await tallySlips(db, sid, results, pools, SETTLE_PAGE, betslip.settlement_rule);
  const tiers = shareSlipTiers(tierRows, pools);
  const payout = payoutOf(tiers, pools, betslip.rollover);
  return done({
    settlementRule: betslip.settlement_rule,
    tiers: payout.tiers.map((t) => ({
      prizeType: t.prizeType,
      winners: t.winners,
      amountEach: inM(t.amountEachCents),
      pool: inM(t.poolCents),
    })),
    totalPayout: inM(payout.totalPayoutCents),
    rollover: inM(payout.rolloverCents),
  });
}
