// Group play's races (DESIGN.md "Group play": money stays safe), on both databases: two members for the
// last share, a purchase racing the close (the group then full), a refund racing a purchase (an unfull
// group cancelled), the close job run twice at once, and a close killed half way (its transaction rolled
// back) then run again. After each: escrows empty, every share paid once, no share lost or oversold.
import { beforeAll, expect, it } from 'vitest';
import { buyShares } from '../../server/groups/buy.ts';
import { closeLockedGroup, closeRoundGroups } from '../../server/groups/close.ts';
import { escrowAccount } from '../../server/groups/rules.ts';
import { findByCode, lockGroup } from '../../server/groups/store.ts';
import { checkGroups } from './groupChecks.ts';
import {
  balanceOf,
  buyRequest,
  groundwork,
  openGroupWithMembers,
  openRound,
  servicesOf,
} from './groupFixtures.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber } from './playFixtures.ts';

describeEachDb('group play races', (t) => {
  const db = () => t().db.kysely;
  beforeAll(async () => {
    await groundwork(t());
  });

  async function group(sid: string, captain: string, shares: number, unsold: 'CANCEL' | 'CAPTAIN_COVERS') {
    const token = await addSubscriber(t(), captain, { walletCents: 100_00 });
    return openGroupWithMembers(t(), token, { sid, shares, unsold });
  }

  it('two members racing for the last share: one gets it, the other is told the group is full', async () => {
    await openRound(t(), 'R-1');
    const { code } = await group('R-1', '26654000001', 2, 'CANCEL');
    const [a, b] = ['26654000002', '26654000003'];
    const [ta, tb] = [
      await addSubscriber(t(), a, { walletCents: 10_00 }),
      await addSubscriber(t(), b, { walletCents: 10_00 }),
    ];
    const answers = await Promise.all([buyRequest(t(), ta, code, 1), buyRequest(t(), tb, code, 1)]);
    const outcomes = answers.map((r) => (r.statusCode === 200 ? 'OK' : r.json().messageKey)).sort();
    expect(outcomes).toEqual(['GROUP.FULL', 'OK']);
    const winner = answers[0]!.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await balanceOf(db(), winner)).toBe(10_00 - 100);
    expect(await balanceOf(db(), loser)).toBe(10_00);
    expect((await findByCode(db(), code))?.sold).toBe(2);
  });

  it('a purchase racing the close is wholly before it (in the slip) or after it (refused)', async () => {
    const endAt = await openRound(t(), 'R-2');
    const { code, groupId } = await group('R-2', '26654000011', 2, 'CANCEL');
    const buyer = '26654000012';
    await addSubscriber(t(), buyer, { walletCents: 10_00 });
    const before = () => new Date(endAt.getTime() - 1);
    const after = () => new Date(endAt.getTime() + 1);
    const [bought, closed] = await Promise.all([
      buyShares(servicesOf(t(), before), buyer, code, { count: 1 }, 'race-close'),
      closeRoundGroups(servicesOf(t(), after), 'R-2'),
    ]);
    const status = (await findByCode(db(), code))?.status;
    if (bought.statusCode === 200) {
      // Bought first: the group was full at the close and its slip holds the share.
      expect([status, closed]).toEqual(['SUBMITTED', { submitted: 1, cancelled: 0 }]);
      expect(await balanceOf(db(), buyer)).toBe(10_00 - 100);
    } else {
      // Closed first: unfull, cancelled, and the purchase found it so.
      expect([status, (bought.body as { messageKey: string }).messageKey]).toEqual([
        'CANCELLED',
        'GROUP.CANCELLED',
      ]);
      expect(await balanceOf(db(), buyer)).toBe(10_00);
    }
    expect(await balanceOf(db(), escrowAccount(groupId))).toBe(0);
    await checkGroups(db());
  });

  it('a refund racing a purchase: every share either refunded once or never taken', async () => {
    const endAt = await openRound(t(), 'R-3');
    const { code, groupId } = await group('R-3', '26654000021', 3, 'CANCEL');
    const buyer = '26654000022';
    await addSubscriber(t(), buyer, { walletCents: 10_00 });
    const before = () => new Date(endAt.getTime() - 1);
    const after = () => new Date(endAt.getTime() + 1);
    const [bought] = await Promise.all([
      buyShares(servicesOf(t(), before), buyer, code, { count: 1 }, 'race-refund'),
      closeRoundGroups(servicesOf(t(), after), 'R-3'),
    ]);
    expect((await findByCode(db(), code))?.status).toBe('CANCELLED');
    // Bought before the cancel (then refunded) or refused after it: either way the buyer has it all back.
    expect([200, 409]).toContain(bought.statusCode);
    expect(await balanceOf(db(), buyer)).toBe(10_00);
    expect(await balanceOf(db(), '26654000021')).toBe(100_00);
    expect(await balanceOf(db(), escrowAccount(groupId))).toBe(0);
    await checkGroups(db());
  });

  it('the close job run twice at once closes each group once', async () => {
    const endAt = await openRound(t(), 'R-4');
    const full = await group('R-4', '26654000031', 2, 'CANCEL');
    const member = '26654000032';
    const tm = await addSubscriber(t(), member, { walletCents: 10_00 });
    expect((await buyRequest(t(), tm, full.code, 1)).statusCode).toBe(200);
    const unfull = await group('R-4', '26654000033', 3, 'CANCEL');
    t().clock.set(new Date(endAt.getTime() + 1000));
    const reports = await Promise.all([
      closeRoundGroups(servicesOf(t()), 'R-4'),
      closeRoundGroups(servicesOf(t()), 'R-4'),
    ]);
    expect(reports[0]!.submitted + reports[1]!.submitted).toBe(1);
    expect(reports[0]!.cancelled + reports[1]!.cancelled).toBe(1);
    const slips = await db()
      .selectFrom('submissions')
      .select('id')
      .where('idempotency_key', '=', `group:${full.groupId}`)
      .execute();
    expect(slips).toHaveLength(1);
    expect(await balanceOf(db(), '26654000033')).toBe(100_00);
    expect(unfull.code).toMatch(/^\d{6}$/);
    await checkGroups(db());
  });

  it('a close killed half way leaves nothing behind, and the next run closes the group once', async () => {
    const endAt = await openRound(t(), 'R-5');
    const g = await group('R-5', '26654000041', 3, 'CANCEL');
    const member = '26654000042';
    const tm = await addSubscriber(t(), member, { walletCents: 10_00 });
    expect((await buyRequest(t(), tm, g.code, 1)).statusCode).toBe(200);
    t().clock.set(new Date(endAt.getTime() + 1000));
    const killed = new Error('killed');
    // The refunds are written, then the process dies before the commit: all of it rolls back.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const locked = await lockGroup(trx, g.groupId);
          await closeLockedGroup(trx, locked, { now: t().clock.now(), guards: [] });
          throw killed;
        }),
    ).rejects.toBe(killed);
    expect((await findByCode(db(), g.code))?.status).toBe('OPEN');
    expect(await balanceOf(db(), escrowAccount(g.groupId))).toBe(68 + 66);
    expect(await balanceOf(db(), member)).toBe(10_00 - 66);
    expect(await closeRoundGroups(servicesOf(t()), 'R-5')).toEqual({ submitted: 0, cancelled: 1 });
    expect(await balanceOf(db(), member)).toBe(10_00);
    expect(await balanceOf(db(), escrowAccount(g.groupId))).toBe(0);
    await checkGroups(db());
  });
});
