// Shared set-up for the group play tests: rounds published and settled through the admin API, group
// requests, the services called directly (to race them) and an account's balance (the ledger's invariants
// for groups are in groupChecks.ts).
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/index.ts';
import type { GroupDeps } from '../../server/groups/deps.ts';
import { responsiblePlayGuard } from '../../server/play/limits.ts';
import { seedDemo } from '../../server/seed.ts';
import { BETSLIP_PARAMS, roundBody } from '../support/rounds.ts';
import { signIn, type TestApp } from './helper.ts';
import { type Dto, picks } from './playFixtures.ts';

export const HOUR = 3600 * 1000;
export const MINUTE = 60 * 1000;

export const PRIZES = [
  { prizeType: 14, amount: 1000 },
  { prizeType: 13, amount: 100 },
  { prizeType: 12, amount: 10.01 },
  { prizeType: 7, amount: 9 },
  { prizeType: 6, amount: 1 },
];

/** Roomy limits: every reduced system fits. */
export const ROOMY = { ...BETSLIP_PARAMS, thirdChance: 8, multipleChance: 10 };

export async function admin(t: TestApp, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${(await signIn(t.app, 'admin', 'admin1234')).access_token}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The demo seed (admin account) with its open round ended, so each round published goes live at once. */
export async function groundwork(t: TestApp) {
  await seedDemo(t.db, t.config, t.clock.now());
  await t.db.kysely
    .updateTable('betslips')
    .set({ end_at: new Date(t.clock.now().getTime() - MINUTE) })
    .where('status', '=', 'CURRENT')
    .execute();
}

/** Publishes round `sid` (live at once) closing in an hour; returns its end. */
export async function openRound(t: TestApp, sid: string, prizes = PRIZES): Promise<Date> {
  // The round still open ends first (a publish never closes an open round early).
  const open = await t.db.kysely
    .selectFrom('betslips')
    .select('end_at')
    .where('status', '=', 'CURRENT')
    .executeTakeFirst();
  if (open && open.end_at.getTime() > t.clock.now().getTime())
    t.clock.set(new Date(open.end_at.getTime() + MINUTE));
  const endAt = new Date(t.clock.now().getTime() + HOUR);
  const created = await admin(
    t,
    'POST',
    '/betslips',
    roundBody(sid, endAt, { prizes, betslipParams: ROOMY }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const published = await admin(t, 'POST', `/betslips/${sid}/publish`);
  expect(published.json()).toMatchObject({ sid, status: 'CURRENT' });
  return endAt;
}

/** Moves past the close, enters every result as a home win and settles (the admin route). */
export async function settleHomeWins(t: TestApp, sid: string, endAt: Date) {
  if (t.clock.now().getTime() < endAt.getTime() + HOUR) t.clock.set(new Date(endAt.getTime() + HOUR));
  const results = Array.from({ length: 14 }, (_, i) => ({ position: i + 1, result: 'HOME_WIN' }));
  const saved = await admin(t, 'POST', `/betslips/${sid}/results`, { results });
  expect(saved.statusCode, saved.body).toBe(200);
  const settled = await admin(t, 'POST', `/betslips/${sid}/settle`);
  expect(settled.statusCode, settled.body).toBe(200);
  return settled.json();
}

export interface GroupSpec {
  sid: string;
  dtos: Dto[];
  systemId?: string | null;
  name?: string;
  shares: number;
  captainShares: number;
  unsold: 'CANCEL' | 'CAPTAIN_COVERS';
}

export function createGroupRequest(
  t: TestApp,
  token: string,
  spec: GroupSpec,
  key: string = crypto.randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/protected/groups',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: {
      lang: 'en',
      betSlipSid: spec.sid,
      positionAndPredictionDtos: spec.dtos,
      ...(spec.systemId === undefined ? {} : { systemId: spec.systemId }),
      name: spec.name ?? 'Ba Maseru',
      shares: spec.shares,
      captainShares: spec.captainShares,
      unsold: spec.unsold,
    },
  });
}

export function buyRequest(
  t: TestApp,
  token: string,
  code: string,
  count: number,
  key: string = crypto.randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/protected/groups/${code}/shares`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { count, lang: 'en' },
  });
}

/** What a group's opening answers (201). */
export interface OpenedGroup {
  groupId: string;
  code: string;
  sharePrice: number;
  shares: number;
  sold: number;
  status: string;
  closesAt: string;
}

/** A group's round and size; the rest as most tests want it: all home picks, one captain share, cancel if unsold. */
export type GroupOpening = Pick<GroupSpec, 'sid' | 'shares'> & Partial<GroupSpec>;

/**
 * Opens a group as the captain, then each member buys its count of shares, in order; asserts the group
 * opened (201) and every purchase went through (200). Returns what the opening answered.
 */
export async function openGroupWithMembers(
  t: TestApp,
  captainToken: string,
  opening: GroupOpening,
  members: ReadonlyArray<readonly [token: string, count: number]> = [],
): Promise<OpenedGroup> {
  const res = await createGroupRequest(t, captainToken, {
    dtos: picks(),
    captainShares: 1,
    unsold: 'CANCEL',
    ...opening,
  });
  expect(res.statusCode, res.body).toBe(201);
  const group = res.json() as OpenedGroup;
  for (const [token, count] of members) {
    const bought = await buyRequest(t, token, group.code, count);
    expect(bought.statusCode, bought.body).toBe(200);
  }
  return group;
}

/** The services' dependencies as the app wires them, with a clock of our own (to race at the close). */
export const servicesOf = (t: TestApp, now: () => Date = t.clock.now): GroupDeps => ({
  db: t.db.kysely,
  now,
  guards: [responsiblePlayGuard],
  receiptKey: t.app.receiptKey,
});

const n = (v: unknown) => Number(v ?? 0);

/** A ledger account's balance (a subscriber's wallet or a group's escrow), in cents. */
export async function balanceOf(db: Kysely<Database>, account: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_moves')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('msisdn', '=', account)
    .executeTakeFirst();
  return n(row?.total);
}
