// The round every layer's tests build on: the usual betslip parameters (M 2 a slip, up to 6 multi-pick
// matches of which 3 triples, a double ×2 and a triple ×3; the demo round allows more, see
// server/demo/content.ts) and the body of POST /api/admin/betslips. Plain data, so unit, component and
// server tests can all import it.

export const BETSLIP_PARAMS = {
  defaultBetslipPrice: 2,
  thirdChance: 3,
  multipleChance: 6,
  feePerSecond: 2,
  feePerThird: 3,
};

const MINUTE = 60_000;

/** When the matches kick off: the first `firstMs` after the close, then one every `stepMs`. */
export interface KickOffs {
  firstMs: number;
  stepMs: number;
}

/**
 * A 14-match round `sid` closing at `endAt`, with the usual parameters; `extra` adds or replaces fields
 * (prizes, rollover…). By default the matches kick off a minute apart from a minute after the close, so
 * results may be entered soon after it.
 */
export function roundBody(
  sid: string,
  endAt: Date,
  extra: object = {},
  kickOffs: KickOffs = { firstMs: MINUTE, stepMs: MINUTE },
) {
  return {
    sid,
    endDate: endAt.toISOString(),
    matches: Array.from({ length: 14 }, (_, i) => ({
      tournament: 'Test League',
      startDate: new Date(endAt.getTime() + kickOffs.firstMs + i * kickOffs.stepMs).toISOString(),
      homeTeam: `Home ${i + 1}`,
      awayTeam: `Away ${i + 1}`,
    })),
    betslipParams: BETSLIP_PARAMS,
    ...extra,
  };
}
