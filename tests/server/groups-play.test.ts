// Group play on the server (DESIGN.md "Group play (mokhatlo)"), on both databases: a captain opens a
// group (the server prices the slip, system included; share price floored to the cent, the captain's
// first share pays the cents left), members join, every refusal, the close (a full group's one slip in the
// captain's my-slips, an unfull one by its rule), settlement splitting the prize to the cent with the
// captain's leftover, and the ledger: escrow empty after every round, every share paid once.
import { beforeAll, expect, it } from 'vitest';
import { closeRoundGroups } from '../../server/groups/close.ts';
import { escrowAccount } from '../../server/groups/rules.ts';
import { NO_LIMITS } from '../../server/play/limitRules.ts';
import { saveLimits } from '../../server/play/limits.ts';
import { setSubscription } from '../../server/wallet/subscriptions.ts';
import { checkGroups } from './groupChecks.ts';
import {
  admin,
  balanceOf,
  buyRequest,
  createGroupRequest,
  type GroupSpec,
  groundwork,
  HOUR,
  openGroupWithMembers,
  openRound,
  PRIZES,
  servicesOf,
  settleHomeWins,
} from './groupFixtures.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, get, picks, tokenFor } from './playFixtures.ts';

/** One triple on match 1, home elsewhere: 3 rows, M 6.00. */
const TRIPLE = picks({ 0: 123 });

describeEachDb('group play: create, join, refusals, close, settlement', (t) => {
  const db = () => t().db.kysely;
  /** The end of round G-1, which the first tests' groups play on (each test can run alone). */
  let g1End: Date;
  beforeAll(async () => {
    await groundwork(t());
    g1End = await openRound(t(), 'G-1');
  });

  it('opens a group at the server price: share price floored, the cents left paid by the captain', async () => {
    const endAt = g1End;
    const captain = '26653000001';
    const token = await addSubscriber(t(), captain, { walletCents: 100_00 });
    // A client price is never asked for: the server's is M 6.00, ÷ 7 = 0.857… → M 0.85 a share, 5 cents left.
    const created = await openGroupWithMembers(t(), token, {
      sid: 'G-1',
      dtos: TRIPLE,
      shares: 7,
      captainShares: 2,
    });
    expect(created).toEqual({
      groupId: expect.any(String),
      code: expect.stringMatching(/^\d{6}$/),
      sharePrice: 0.85,
      shares: 7,
      sold: 2,
      status: 'OPEN',
      closesAt: endAt.toISOString(),
    });
    // Two shares and the 5 cents: M 1.75 from the wallet into the escrow.
    expect(await balanceOf(db(), captain)).toBe(100_00 - 175);
    expect(await balanceOf(db(), escrowAccount(created.groupId))).toBe(175);
    const pub = await t().app.inject({ method: 'GET', url: `/api/public/groups/${created.code}` });
    expect(pub.json()).toEqual({
      code: created.code,
      name: 'Ba Maseru',
      sid: 'G-1',
      sharePrice: 0.85,
      shares: 7,
      sold: 2,
      status: 'OPEN',
      closesAt: endAt.toISOString(),
    });
    expect(JSON.stringify(pub.json())).not.toContain('2665');
    const mine = await get(t().app, token, `groups/${created.code}`);
    expect(mine.json()).toMatchObject({
      predictions: [123, ...Array(13).fill(1)],
      systemId: null,
      price: 6,
      members: [{ msisdnMasked: '266 5xxx xx01', shares: 2, captain: true, won: null }],
      myShares: 2,
      captain: true,
      receipt: null,
      winnings: null,
    });
    // The same key and body again: the same answer, nothing paid twice.
    const spec: GroupSpec = { sid: 'G-1', dtos: TRIPLE, shares: 7, captainShares: 2, unsold: 'CANCEL' };
    const again = await createGroupRequest(t(), token, spec, 'g1-key');
    const replay = await createGroupRequest(t(), token, spec, 'g1-key');
    expect(replay.json()).toEqual(again.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(db(), captain)).toBe(100_00 - 2 * 175);
    // The key's record gone (a retry that took over a claim left too long sees none): the group the key
    // opened answers, no second group is opened and nothing is paid again (it used to end in a 500).
    await db()
      .deleteFrom('idempotency_keys')
      .where('msisdn', '=', captain)
      .where('key', '=', 'g1-key')
      .execute();
    const rerun = await createGroupRequest(t(), token, spec, 'g1-key');
    expect(rerun.statusCode, rerun.body).toBe(201);
    expect(rerun.json()).toEqual(again.json());
    expect(await balanceOf(db(), captain)).toBe(100_00 - 2 * 175);
    expect(
      await db().selectFrom('groups').select('id').where('captain_msisdn', '=', captain).execute(),
    ).toHaveLength(2);
  });

  it('prices a reduced system as a submission does, and refuses what a submission refuses', async () => {
    const captain = '26653000011';
    const token = await addSubscriber(t(), captain, { walletCents: 100_00 });
    // R-4-0-9: 4 triples in 9 rows: M 2 × 81 × 9 ÷ 81 = M 18.00; ÷ 4 = M 4.50.
    const system = await openGroupWithMembers(t(), token, {
      sid: 'G-1',
      dtos: picks({ 0: 123, 1: 123, 2: 123, 3: 123 }),
      systemId: 'R-4-0-9',
      shares: 4,
    });
    expect(system).toMatchObject({ sharePrice: 4.5, sold: 1 });
    const base: GroupSpec = { sid: 'G-1', dtos: picks(), shares: 4, captainShares: 1, unsold: 'CANCEL' };
    const cases: Array<[object, number, string]> = [
      [{ dtos: picks({ 0: 123 }), systemId: 'R-4-0-9' }, 400, 'SYSTEM.INVALID'],
      [{ dtos: picks({}, 13) }, 400, 'PICKS.INCOMPLETE'],
      [{ dtos: picks({ 0: 4 }) }, 400, 'PICKS.INVALID'],
      [{ sid: 'NOPE' }, 400, 'BETSLIP.NOT_CURRENT'],
    ];
    for (const [change, status, key] of cases) {
      const res = await createGroupRequest(t(), token, { ...base, ...change });
      expect([res.statusCode, res.json().messageKey], JSON.stringify(change)).toEqual([status, key]);
    }
    for (const bad of [{ shares: 1 }, { shares: 101 }, { captainShares: 0 }, { captainShares: 5 }]) {
      const res = await createGroupRequest(t(), token, { ...base, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const poor = await addSubscriber(t(), '26653000012', { walletCents: 50 });
    const short = await createGroupRequest(t(), poor, { ...base, shares: 2 });
    expect([short.statusCode, short.json().messageKey]).toEqual([402, 'WALLET.INSUFFICIENT_FUNDS']);
    expect(
      await db().selectFrom('groups').select('id').where('captain_msisdn', '=', '26653000012').execute(),
    ).toEqual([]);
  });

  it('lets members join and refuses full, unknown, not subscribed, short of money, limits and pause', async () => {
    const [captain, a, b, poor, limited, paused, unsubscribed] = [
      '26653000021',
      '26653000022',
      '26653000023',
      '26653000024',
      '26653000025',
      '26653000026',
      '26653000027',
    ];
    const tc = await addSubscriber(t(), captain, { walletCents: 100_00 });
    const created = await openGroupWithMembers(t(), tc, { sid: 'G-1', shares: 4 });
    const code = created.code;
    expect(created.sharePrice).toBe(0.5);
    const ta = await addSubscriber(t(), a, { walletCents: 10_00 });
    const joined = await buyRequest(t(), ta, code, 2, 'join-a');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ code, sold: 3, myShares: 2, reference: expect.stringMatching(/^G-1-/) });
    expect(await balanceOf(db(), a)).toBe(10_00 - 100);
    const replay = await buyRequest(t(), ta, code, 2, 'join-a');
    expect(replay.json()).toEqual(joined.json());
    expect(await balanceOf(db(), a)).toBe(10_00 - 100);
    // Not a member: 403; a member: the members, masked.
    const tb = await addSubscriber(t(), b, { walletCents: 10_00 });
    expect((await get(t().app, tb, `groups/${code}`)).json().messageKey).toBe('GROUP.NOT_MEMBER');
    expect((await get(t().app, ta, `groups/${code}`)).json()).toMatchObject({
      members: [
        { msisdnMasked: '266 5xxx xx21', shares: 1, captain: true },
        { msisdnMasked: '266 5xxx xx22', shares: 2, captain: false },
      ],
      myShares: 2,
      captain: false,
    });
    const refusal = async (token: string, c: string, count: number) => {
      const res = await buyRequest(t(), token, c, count);
      return [res.statusCode, res.json().messageKey];
    };
    expect(await refusal(tb, code, 2)).toEqual([409, 'GROUP.FULL']);
    expect(await refusal(tb, '000000', 1)).toEqual([404, 'GROUP.UNKNOWN']);
    expect(await refusal(tb, 'abc', 1)).toEqual([404, 'GROUP.UNKNOWN']);
    const tpoor = await addSubscriber(t(), poor, { walletCents: 20 });
    expect(await refusal(tpoor, code, 1)).toEqual([402, 'WALLET.INSUFFICIENT_FUNDS']);
    const tl = await addSubscriber(t(), limited, { walletCents: 10_00 });
    await saveLimits(db(), limited, { ...NO_LIMITS, weeklyLimitCents: 40 }, t().clock.now());
    expect(await refusal(tl, code, 1)).toEqual([403, 'PLAY.LIMIT_REACHED']);
    const tp = await addSubscriber(t(), paused, { walletCents: 10_00 });
    await saveLimits(
      db(),
      paused,
      { ...NO_LIMITS, pausedUntil: new Date(t().clock.now().getTime() + HOUR) },
      t().clock.now(),
    );
    expect(await refusal(tp, code, 1)).toEqual([403, 'PLAY.PAUSED']);
    const tu = await addSubscriber(t(), unsubscribed, { walletCents: 10_00, subscribed: false });
    expect(await refusal(tu, code, 1)).toEqual([403, 'SUBSCRIPTION.REQUIRED']);
    for (const who of [poor, limited, paused, unsubscribed])
      expect(await balanceOf(db(), who)).toBe(10_00 * (who === poor ? 0 : 1) + (who === poor ? 20 : 0));
    // A share counts against the weekly limit as a stake does: the limited member's spend is M 0.50 after one.
    await saveLimits(db(), limited, { ...NO_LIMITS, weeklyLimitCents: 50 }, t().clock.now());
    expect((await buyRequest(t(), tl, code, 1)).json()).toMatchObject({ sold: 4, myShares: 1 });
    const limits = await get(t().app, tl, 'play-limits');
    expect(limits.json()).toMatchObject({ spentThisWeek: 0.5 });
    expect(await refusal(tb, code, 1)).toEqual([409, 'GROUP.FULL']);
    const my = await get(t().app, ta, 'my-groups');
    expect(my.json()).toEqual([expect.objectContaining({ code, myShares: 2, captain: false, sold: 4 })]);
  });

  it('closes at the round end: a full group is one slip in the captain my-slips, unfull ones by their rule', async () => {
    // A jackpot with an odd cent, so that the full group's prize leaves cents over when split in three.
    const endAt = await openRound(t(), 'G-2', [{ prizeType: 14, amount: 1000.02 }, ...PRIZES.slice(1)]);
    const [captain, member, coverer, broke, x] = [
      '26653000031',
      '26653000032',
      '26653000033',
      '26653000034',
      '26653000035',
    ];
    const tc = await addSubscriber(t(), captain, { walletCents: 100_00 });
    const tm = await addSubscriber(t(), member, { walletCents: 100_00 });
    const full = await openGroupWithMembers(t(), tc, { sid: 'G-2', dtos: TRIPLE, shares: 3 }, [[tm, 2]]);
    const cancelled = await openGroupWithMembers(t(), tc, { sid: 'G-2', shares: 4 }, [[tm, 1]]);
    const tv = await addSubscriber(t(), coverer, { walletCents: 100_00 });
    const tx = await addSubscriber(t(), x, { walletCents: 100 });
    const covered = await openGroupWithMembers(t(), tv, { sid: 'G-2', shares: 4, unsold: 'CAPTAIN_COVERS' }, [
      [tx, 1],
    ]);
    // Its captain has M 0.50 left after the first share: not enough for the other two at the close.
    const tbroke = await addSubscriber(t(), broke, { walletCents: 100 });
    const uncovered = await openGroupWithMembers(
      t(),
      tbroke,
      { sid: 'G-2', shares: 4, unsold: 'CAPTAIN_COVERS' },
      [[tx, 1]],
    );
    const before = { captain: await balanceOf(db(), captain), member: await balanceOf(db(), member) };

    // Not yet: the close job early does nothing.
    expect(await closeRoundGroups(servicesOf(t()), 'G-2')).toEqual({ submitted: 0, cancelled: 0 });
    t().clock.set(new Date(endAt.getTime() + 1000));
    let [tc2, tm2, tx2] = [await tokenFor(t(), captain), await tokenFor(t(), member), await tokenFor(t(), x)];
    expect((await buyRequest(t(), tx2, full.code, 1)).json().messageKey).toBe('GROUP.CLOSED');
    expect(await closeRoundGroups(servicesOf(t()), 'G-2')).toEqual({ submitted: 2, cancelled: 2 });
    // Run again (a retried job): nothing more.
    expect(await closeRoundGroups(servicesOf(t()), 'G-2')).toEqual({ submitted: 0, cancelled: 0 });

    const status = async (code: string) =>
      (await t().app.inject({ method: 'GET', url: `/api/public/groups/${code}` })).json();
    expect((await status(full.code)).status).toBe('SUBMITTED');
    expect((await status(cancelled.code)).status).toBe('CANCELLED');
    expect(await status(covered.code)).toMatchObject({ status: 'SUBMITTED', sold: 4 });
    expect((await status(uncovered.code)).status).toBe('CANCELLED');
    expect((await buyRequest(t(), tx2, cancelled.code, 1)).json().messageKey).toBe('GROUP.CANCELLED');
    // The member got the cancelled group's share back; the captain's wallet paid nothing at the close.
    expect(await balanceOf(db(), member)).toBe(before.member + 50);
    expect(await balanceOf(db(), captain)).toBe(before.captain + 50);
    // Its own share and the two unsold at the close (x bought the fourth).
    expect(await balanceOf(db(), coverer)).toBe(100_00 - 3 * 50);
    expect(await balanceOf(db(), broke)).toBe(100);
    expect(await balanceOf(db(), x)).toBe(100 - 50);

    const slips = (await get(t().app, tc2, 'my-slips?sid=G-2')).json();
    expect(slips).toEqual([
      expect.objectContaining({ cost: 6, paidFrom: 'GROUP', channel: 'GROUP', group: full.code, rows: 3 }),
    ]);
    const receipt = JSON.parse(Buffer.from(slips[0].jws.split('.')[1], 'base64url').toString());
    expect(receipt).toMatchObject({
      paidFrom: 'GROUP',
      cost: 6,
      group: {
        code: full.code,
        members: [
          { msisdnMasked: '266 5xxx xx31', shares: 1 },
          { msisdnMasked: '266 5xxx xx32', shares: 2 },
        ],
      },
    });
    expect((await get(t().app, tm2, `groups/${full.code}`)).json().receipt).toEqual({
      reference: slips[0].reference,
      jws: slips[0].jws,
    });
    // The member's own slips list holds no group slip: it is the captain's number's.
    expect((await get(t().app, tm2, 'my-slips?sid=G-2')).json()).toEqual([]);
    await checkGroups(db());

    // Settlement: the triple hits 14 once and 13 twice; split in three shares, cents are left over.
    await settleHomeWins(t(), 'G-2', endAt);
    [tc2, tm2] = [await tokenFor(t(), captain), await tokenFor(t(), member)];
    const slip = await db()
      .selectFrom('slip_results')
      .select('amount_won_cents')
      .where(
        'submission_id',
        '=',
        (
          await db()
            .selectFrom('groups')
            .select('submission_id')
            .where('code', '=', full.code)
            .executeTakeFirstOrThrow()
        ).submission_id ?? '',
      )
      .executeTakeFirstOrThrow();
    const won = Number(slip.amount_won_cents);
    expect(won).toBeGreaterThan(0);
    const perShare = Math.floor(won / 3);
    const moves = await db()
      .selectFrom('wallet_moves')
      .select(['msisdn', 'amount_cents', 'kind'])
      .where('idempotency_key', '=', `group-prize:${full.groupId}`)
      .orderBy('msisdn')
      .execute();
    expect(moves.map((mv) => [mv.msisdn, Number(mv.amount_cents), mv.kind])).toEqual([
      [captain, perShare + (won - perShare * 3), 'PRIZE'],
      [member, perShare * 2, 'PRIZE'],
    ]);
    const view = (await get(t().app, tc2, `groups/${full.code}`)).json();
    expect(view).toMatchObject({
      status: 'SETTLED',
      winnings: { total: won / 100, perShare: perShare / 100, captainRemainder: (won - perShare * 3) / 100 },
      members: [
        { shares: 1, won: (perShare + won - perShare * 3) / 100 },
        { shares: 2, won: (perShare * 2) / 100 },
      ],
    });
    expect((await get(t().app, tm2, `groups/${full.code}`)).json().winnings.mine).toBe((perShare * 2) / 100);
    // A second settlement pays nothing twice.
    expect((await admin(t(), 'POST', '/betslips/G-2/settle')).json()).toMatchObject({ paid: 0 });
    expect(
      await db()
        .selectFrom('wallet_moves')
        .select('id')
        .where('idempotency_key', '=', `group-prize:${full.groupId}`)
        .execute(),
    ).toHaveLength(2);
    expect((await status(covered.code)).status).toBe('SETTLED');
    // A settled group frees its code; the statement names the moves.
    const statement = (await get(t().app, tm2, 'fetch-wallet-info')).json();
    const reasons = statement.walletMovesDto.map((mv: { reason: string }) => mv.reason);
    expect(reasons).toEqual(expect.arrayContaining(['GROUP_SHARE', 'GROUP_REFUND', 'GROUP_PRIZE']));
    // The captain's winnings say which of their cents are the split's leftover; a member's say nothing.
    const prizeOf = async (token: string) =>
      (await get(t().app, token, 'fetch-wallet-info'))
        .json()
        .walletMovesDto.filter((mv: { reason: string }) => mv.reason === 'GROUP_PRIZE');
    expect(await prizeOf(tc2)).toEqual([
      expect.objectContaining({
        amount: (perShare + won - perShare * 3) / 100,
        groupRemainder: (won - perShare * 3) / 100,
      }),
    ]);
    expect(won - perShare * 3).toBeGreaterThan(0);
    const memberPrize = await prizeOf(tm2);
    expect(memberPrize).toEqual([expect.objectContaining({ amount: (perShare * 2) / 100 })]);
    expect(memberPrize[0]).not.toHaveProperty('groupRemainder');
    await checkGroups(db());
  });

  it('settlement closes groups the close job missed, and a group left open by a stopped close', async () => {
    const endAt = await openRound(t(), 'G-3');
    const [captain, member] = ['26653000041', '26653000042'];
    const tc = await addSubscriber(t(), captain, { walletCents: 100_00 });
    const tm = await addSubscriber(t(), member, { walletCents: 100_00 });
    const full = await openGroupWithMembers(t(), tc, { sid: 'G-3', shares: 2 }, [[tm, 1]]);
    const unfull = await openGroupWithMembers(t(), tc, { sid: 'G-3', shares: 2 });
    await setSubscription(db(), captain, false);
    await settleHomeWins(t(), 'G-3', endAt);
    const status = async (code: string) =>
      (await t().app.inject({ method: 'GET', url: `/api/public/groups/${code}` })).json().status;
    expect(await status(full.code)).toBe('SETTLED');
    expect(await status(unfull.code)).toBe('CANCELLED');
    // M 2 in 2 shares, every home: a 14 paying 100,000 cents, 50,000 each.
    expect(await balanceOf(db(), member)).toBe(100_00 - 100 + 50_000);
    expect(await balanceOf(db(), captain)).toBe(100_00 - 100 + 50_000);
    await checkGroups(db());
  });
});
