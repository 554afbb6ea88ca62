// Running rounds safely: a betslip published while a round is open waits (SCHEDULED) and goes live
// exactly once when that round ends, however many instances run the job; results are refused before
// kick-off and taken as a whole list; the settlement preview is what settling pays; an unwon jackpot
// rolls over to the next round.
import type PgBoss from 'pg-boss';
import { beforeAll, expect, it } from 'vitest';
import { handlers, type JobContext } from '../../server/jobs/handlers.ts';
import { QUEUES } from '../../server/jobs/queues.ts';
import { promoteScheduled } from '../../server/play/betslips.ts';
import { seedDemo } from '../../server/seed.ts';
import { availableCents } from '../../server/wallet/ledger.ts';
import { roundBody } from '../support/rounds.ts';
import { describeEachDb, signIn } from './helper.ts';
import { addSubscriber, body, get, picks, submit } from './playFixtures.ts';

const HOUR = 3600_000;
const prizes = [
  { prizeType: 14, amount: 1000 },
  { prizeType: 13, amount: 300 },
  { prizeType: 12, amount: 100 },
];

const round = (sid: string, endAt: Date, extra: object = {}) => roundBody(sid, endAt, { prizes, ...extra });

const allHome = (n = 14) => Array.from({ length: n }, (_, i) => ({ position: i + 1, result: 'HOME_WIN' }));

describeEachDb('operations tools: scheduling, results, preview, rollover, in order', (t) => {
  const app = () => t().app;
  const db = () => t().db.kysely;

  const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    app().inject({
      method,
      url: `/api/admin${url}`,
      headers: { authorization: `Bearer ${(await signIn(app(), 'admin', 'admin1234')).access_token}` },
      ...(payload === undefined ? {} : { payload }),
    });

  const statusOf = async (sid: string) =>
    (await db().selectFrom('betslips').select('status').where('sid', '=', sid).executeTakeFirstOrThrow())
      .status;
  const current = async () =>
    (await db().selectFrom('betslips').select('sid').where('status', '=', 'CURRENT').execute()).map(
      (r) => r.sid,
    );
  const auditRows = (target: string, action: string) =>
    db()
      .selectFrom('operator_audit')
      .select('detail')
      .where('target', '=', target)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  /** The roll-forward job's handler as an instance runs it (not demo: only scheduled rounds). */
  const runJob = () =>
    handlers[QUEUES.rollForward](
      {} as PgBoss.JobWithMetadata<unknown>,
      {
        db: db(),
        now: () => t().clock.now(),
        demo: false,
        // Closing groups first needs the submission's guards; these rounds have no group.
        reconciler: { stakes: { guards: [] } },
      } as unknown as JobContext,
    );

  let demoSid = '';
  let demoEnd = new Date();

  beforeAll(async () => {
    await seedDemo(t().db, t().config, t().clock.now());
    const demo = await db()
      .selectFrom('betslips')
      .select(['sid', 'end_at'])
      .where('status', '=', 'CURRENT')
      .executeTakeFirstOrThrow();
    demoSid = demo.sid;
    demoEnd = demo.end_at;
  });

  it('schedules a betslip published while a round is open; it goes live once, when that round ends', async () => {
    const endAt = new Date(demoEnd.getTime() + 2 * HOUR);
    expect((await admin('POST', '/betslips', round('S-1', endAt, { rollover: true }))).statusCode).toBe(201);
    const published = await admin('POST', '/betslips/S-1/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({
      sid: 'S-1',
      status: 'SCHEDULED',
      after: demoSid,
      goLiveAt: null,
      closed: null,
    });
    expect(await current()).toEqual([demoSid]);
    expect(await auditRows('S-1', 'BETSLIP.PUBLISH')).toHaveLength(1);

    // Before the end, neither instance's job nor a re-run opens it.
    t().clock.set(new Date(demoEnd.getTime() - 1000));
    await Promise.all([runJob(), runJob(), promoteScheduled(db(), t().clock.now())]);
    expect(await current()).toEqual([demoSid]);
    const token = await addSubscriber(t(), '26652000001', { walletCents: 10_00 });
    const offered = await get(app(), token, 'fetch-current-betslip');
    expect(offered.json().sid).toBe(demoSid);

    // Once it has ended: two instances and a re-run, exactly one of them opens it.
    t().clock.set(new Date(demoEnd.getTime() + 1000));
    const runs = await Promise.all([runJob(), runJob(), promoteScheduled(db(), t().clock.now())]);
    const opened = runs.map((r) => (r as { opened: string | null } | null)?.opened ?? null).filter(Boolean);
    expect(opened).toEqual(['S-1']);
    expect(await current()).toEqual(['S-1']);
    expect(await statusOf(demoSid)).toBe('CLOSED');
    expect(await runJob()).toEqual({ opened: null });
  });

  it('publishes at a chosen later time, and refuses a time after the close', async () => {
    const now = t().clock.now();
    const endAt = new Date(now.getTime() + 30 * HOUR);
    expect((await admin('POST', '/betslips', round('S-2', endAt))).statusCode).toBe(201);
    const late = await admin('POST', '/betslips/S-2/publish', {
      goLiveAt: new Date(endAt.getTime() + 1).toISOString(),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().messageKey).toBe('BETSLIP.INVALID');
    const bad = await admin('POST', '/betslips/S-2/publish', { goLiveAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(await statusOf('S-2')).toBe('DRAFT');
    const goLiveAt = new Date(now.getTime() + 20 * HOUR).toISOString();
    const published = await admin('POST', '/betslips/S-2/publish', { goLiveAt });
    expect(published.json()).toMatchObject({ status: 'SCHEDULED', after: 'S-1', goLiveAt });
  });

  it('refuses results before kick-off, takes the 14 as a whole, audits every correction', async () => {
    // Two players on S-1 while it is open: neither gets 14 right.
    const x = await addSubscriber(t(), '26652000011', { walletCents: 10_00 });
    const y = await addSubscriber(t(), '26652000012', { walletCents: 10_00 });
    expect((await submit(app(), x, body('S-1', picks({ 0: 2 }), 2), 'sx')).statusCode).toBe(200);
    expect((await submit(app(), y, body('S-1', picks({ 0: 2, 1: 2 }), 2), 'sy')).statusCode).toBe(200);

    const s1End = (
      await db().selectFrom('betslips').select('end_at').where('sid', '=', 'S-1').executeTakeFirstOrThrow()
    ).end_at;
    // After the close, but match 14 kicks off 14 minutes later.
    t().clock.set(new Date(s1End.getTime() + 5 * 60_000));
    const early = await admin('POST', '/betslips/S-1/results', { results: allHome() });
    expect(early.statusCode).toBe(409);
    expect(early.json().messageKey).toBe('RESULT.TOO_EARLY');
    const single = await admin('POST', '/betslips/S-1/results', { position: 14, result: 'DRAW' });
    expect(single.json().messageKey).toBe('RESULT.TOO_EARLY');
    expect(await auditRows('S-1', 'BETSLIP.RESULT')).toEqual([]);

    t().clock.set(new Date(s1End.getTime() + HOUR));
    // One bad entry: nothing saved.
    const twice = await admin('POST', '/betslips/S-1/results', {
      results: [...allHome(13), { position: 1, result: 'DRAW' }],
    });
    expect(twice.statusCode).toBe(400);
    const fifteen = await admin('POST', '/betslips/S-1/results', {
      results: [...allHome(), { position: 15, result: 'DRAW' }],
    });
    expect(fifteen.statusCode).toBe(400);
    const stored = await db()
      .selectFrom('matches')
      .select('result')
      .where('betslip_sid', '=', 'S-1')
      .execute();
    expect(stored.every((m) => m.result === null)).toBe(true);

    const saved = await admin('POST', '/betslips/S-1/results', { results: allHome() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sid: 'S-1', changed: 14 });
    expect(await auditRows('S-1', 'BETSLIP.RESULT')).toHaveLength(14);
    // A correction: one row, old → new.
    const fixed = await admin('POST', '/betslips/S-1/results', {
      results: allHome().map((r) => (r.position === 3 ? { ...r, result: 'VOID' } : r)),
    });
    expect(fixed.json().changed).toBe(1);
    const rows = await auditRows('S-1', 'BETSLIP.RESULT');
    expect(rows).toHaveLength(15);
    expect(rows[14]!.detail).toEqual({ position: 3, result: 'VOID', previous: 'HOME_WIN' });
  });

  it('previews exactly what settling pays, moving no money; rolls the unwon jackpot over to the next round', async () => {
    const x = '26652000011';
    const y = '26652000012';
    const before = [await availableCents(db(), x), await availableCents(db(), y)];
    const preview = await admin('GET', '/betslips/S-1/settlement-preview');
    expect(preview.statusCode, preview.body).toBe(200);
    // X has 13 right (second prize, alone), Y 12 (third prize, alone); nobody 14: it rolls over.
    expect(preview.json()).toEqual({
      settlementRule: 'ROWS',
      tiers: [
        { prizeType: 14, winners: 0, amountEach: 0, pool: 1000 },
        { prizeType: 13, winners: 1, amountEach: 300, pool: 300 },
        { prizeType: 12, winners: 1, amountEach: 100, pool: 100 },
      ],
      totalPayout: 400,
      rollover: 1000,
    });
    expect([await availableCents(db(), x), await availableCents(db(), y)]).toEqual(before);
    expect(await auditRows('S-1', 'BETSLIP.PREVIEW')).toHaveLength(1);

    const jackpotOf = async (sid: string) =>
      Number(
        (
          await db()
            .selectFrom('prizes')
            .select('amount_cents')
            .where('betslip_sid', '=', sid)
            .where('prize_type', '=', 14)
            .executeTakeFirstOrThrow()
        ).amount_cents,
      );
    const nextBefore = await jackpotOf('S-2');
    const settled = await admin('POST', '/betslips/S-1/settle');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().paid).toBe(preview.json().totalPayout);
    expect(await availableCents(db(), x)).toBe(before[0]! + 300_00);
    expect(await availableCents(db(), y)).toBe(before[1]! + 100_00);
    expect(await jackpotOf('S-2')).toBe(nextBefore + 1000_00);
    const s1 = await db()
      .selectFrom('betslips')
      .select(['rollover_cents', 'rolled_into'])
      .where('sid', '=', 'S-1')
      .executeTakeFirstOrThrow();
    expect({ cents: Number(s1.rollover_cents), into: s1.rolled_into }).toEqual({
      cents: 1000_00,
      into: 'S-2',
    });

    // Settling again adds nothing more; results are refused once settled; the preview still reads.
    await admin('POST', '/betslips/S-1/settle');
    expect(await jackpotOf('S-2')).toBe(nextBefore + 1000_00);
    const after = await admin('POST', '/betslips/S-1/results', { results: allHome() });
    expect(after.statusCode).toBe(409);
    expect(after.json().messageKey).toBe('BETSLIP.SETTLED');
    expect((await admin('GET', '/betslips/S-1/settlement-preview')).json().totalPayout).toBe(400);
  });

  it('keeps a rolled-over jackpot for the next round published when none was waiting', async () => {
    // S-2 goes live (S-1 ended, its chosen time passed); nobody plays; it rolls nothing (setting off).
    const s2 = await db()
      .selectFrom('betslips')
      .select(['end_at', 'go_live_at'])
      .where('sid', '=', 'S-2')
      .executeTakeFirstOrThrow();
    t().clock.set(new Date(s2.go_live_at!.getTime() + 1000));
    expect(await runJob()).toEqual({ opened: 'S-2' });
    const token = await addSubscriber(t(), '26652000021', { walletCents: 10_00 });
    const offered = await get(app(), token, 'fetch-current-prizes');
    expect(offered.json()[0]).toEqual({ prizeType: 14, amount: 2000, rolledOver: 1000 });

    // S-3 rolls over with no round after it; S-4, published later, takes its jackpot.
    t().clock.set(new Date(s2.end_at.getTime() + 1000));
    const end3 = new Date(t().clock.now().getTime() + HOUR);
    expect((await admin('POST', '/betslips', round('S-3', end3, { rollover: true }))).statusCode).toBe(201);
    expect((await admin('POST', '/betslips/S-3/publish')).json()).toMatchObject({
      status: 'CURRENT',
      closed: 'S-2',
    });
    t().clock.set(new Date(end3.getTime() + HOUR));
    expect((await admin('POST', '/betslips/S-3/results', { results: allHome() })).statusCode).toBe(200);
    expect((await admin('POST', '/betslips/S-3/settle')).statusCode).toBe(200);
    const end4 = new Date(t().clock.now().getTime() + HOUR);
    expect((await admin('POST', '/betslips', round('S-4', end4))).statusCode).toBe(201);
    expect((await admin('POST', '/betslips/S-4/publish')).json()).toMatchObject({ status: 'CURRENT' });
    const prizes4 = await get(app(), await addSubscriber(t(), '26652000022'), 'fetch-current-prizes');
    expect(prizes4.json()[0]).toEqual({ prizeType: 14, amount: 2000, rolledOver: 1000 });
  });

  it('reports what each round took in and paid out, as JSON and CSV, and audits each read', async () => {
    const rounds = await admin('GET', '/reports/rounds');
    expect(rounds.statusCode).toBe(200);
    const s1 = (rounds.json() as Array<{ sid: string }>).find((r) => r.sid === 'S-1');
    // Two slips of M 2 from two wallets; M 300 + M 100 paid.
    expect(s1).toEqual({
      sid: 'S-1',
      status: 'SETTLED',
      entries: 2,
      rows: 2,
      players: 2,
      turnover: 4,
      paidFromWallet: 4,
      paidByAirtime: 0,
      prizesPaid: 400,
      payoutRatio: 100,
    });
    expect((rounds.json() as Array<{ sid: string }>).map((r) => r.sid)).not.toContain('S-0');
    const csv = await admin('GET', '/reports/rounds.csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'sid,status,entries,players,turnover,paidFromWallet,paidByAirtime,prizesPaid,payoutRatio,rows',
    );
    expect(lines).toContain('S-1,SETTLED,2,2,4,4,0,400,100,2');
    expect(lines).toHaveLength((rounds.json() as unknown[]).length + 1);

    const summary = await admin('GET', '/reports/summary');
    const wallets = await db().selectFrom('wallets').select('msisdn').execute();
    let owed = 0;
    for (const w of wallets) owed += await availableCents(db(), w.msisdn);
    const pending = await db()
      .selectFrom('cash_outs')
      .select('amount_cents')
      .where('status', '=', 'PENDING')
      .execute();
    expect(summary.json()).toEqual({
      walletLiabilities: owed / 100,
      pendingCashOuts: pending.reduce((sum, c) => sum + Number(c.amount_cents), 0) / 100,
      pendingDeposits: 0,
      // X and Y on S-1 (a day or so ago by the test clock); demo history is older.
      playersLast7Days: expect.any(Number),
    });
    expect(summary.json().playersLast7Days).toBeGreaterThanOrEqual(2);
    const reads = await db()
      .selectFrom('operator_audit')
      .select('target')
      .where('action', '=', 'REPORTS.READ')
      .execute();
    expect(reads.map((r) => r.target).sort()).toEqual(['rounds', 'rounds.csv', 'summary']);
  });

  it('lists the audit trail to admins, filtered, and audits that read too', async () => {
    const rows = await admin('GET', '/audit?action=BETSLIP.RESULT&target=S-1');
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.json()).toHaveLength(15);
    expect(rows.json()[0]).toMatchObject({
      actor: 'admin',
      action: 'BETSLIP.RESULT',
      target: 'S-1',
      detail: { position: 3, previous: 'HOME_WIN' },
    });
    const none = await admin('GET', `/audit?actor=nobody`);
    expect(none.json()).toEqual([]);
    const future = await admin(
      'GET',
      `/audit?from=${encodeURIComponent(new Date(t().clock.now().getTime() + HOUR).toISOString())}`,
    );
    expect(future.json()).toEqual([]);
    expect((await admin('GET', '/audit?from=yesterday')).statusCode).toBe(400);
    const page = await admin('GET', '/audit?limit=2');
    expect(page.json()).toHaveLength(2);
    const reads = await db()
      .selectFrom('operator_audit')
      .select('detail')
      .where('action', '=', 'AUDIT.READ')
      .execute();
    expect(reads.length).toBeGreaterThanOrEqual(4);
  });

  it('publishes settled rounds to everyone: results and tiers, no phone numbers', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/public/rounds' });
    expect(res.statusCode).toBe(200);
    const rounds = res.json() as Array<{ sid: string; endsAt: string; matches: unknown[]; tiers: unknown[] }>;
    const s1 = rounds.find((r) => r.sid === 'S-1')!;
    expect(s1.matches).toHaveLength(14);
    expect(s1.matches[2]).toEqual({ position: 3, homeTeam: 'Home 3', awayTeam: 'Away 3', result: 'VOID' });
    expect(s1.tiers).toEqual([
      { prizeType: 14, winners: 0, amountEach: 0 },
      { prizeType: 13, winners: 1, amountEach: 300 },
      { prizeType: 12, winners: 1, amountEach: 100 },
    ]);
    // Newest first, settled only.
    const ends = rounds.map((r) => Date.parse(r.endsAt));
    expect([...ends].sort((a, b) => b - a)).toEqual(ends);
    expect(rounds.map((r) => r.sid)).not.toContain('S-4');
    expect(res.body).not.toMatch(/266\d{8}/);
  });

  it('refuses the new routes to other roles, writing nothing', async () => {
    const callcentre = (await signIn(app(), 'callcentre', 'callcentre1234')).access_token;
    const n = async () => (await db().selectFrom('operator_audit').select('id').execute()).length;
    const before = await n();
    const marketing = (await signIn(app(), 'marketing', 'marketing1234')).access_token;
    for (const token of [callcentre, marketing]) {
      for (const [method, url] of [
        ['GET', '/api/admin/betslips/S-1/settlement-preview'],
        ['POST', '/api/admin/betslips/S-4/publish'],
        ['GET', '/api/admin/reports/rounds'],
        ['GET', '/api/admin/reports/rounds.csv'],
        ['GET', '/api/admin/reports/summary'],
        ['GET', '/api/admin/audit'],
      ] as const) {
        const res = await app().inject({ method, url, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, url).toBe(403);
      }
    }
    expect((await app().inject({ method: 'GET', url: '/api/admin/reports/summary' })).statusCode).toBe(401);
    expect(await n()).toBe(before);
  });
});
