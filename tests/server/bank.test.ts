// The bank test (money safe under races, crashes and abuse): the real server as a child process,
// 2,000+ mixed money operations from 50 subscribers at once — stakes paid from the wallet and charged to
// airtime, weekly limits, airtime purchases, cash-outs, abusive amounts, and group play: groups opened at
// setup on the first betslip (some filled by their members, who race for the last shares, some left
// unfull to be cancelled and refunded or covered by their captain, one with a winning slip) whose shares
// anyone may buy, broke and limited subscribers refused — with retries, every tenth key sent twice at
// once and some again later, a kill -9 in the middle and a restart on the same database, and an operator
// entering results and settling (several times at once) while submissions still arrive at the betslip's
// end, where the groups close. Afterwards every lost request is retried with its key until it has a
// final answer, reconciliation finishes every intent, and the database is checked (bankChecks.ts: the
// ledger's sums exact with the groups' escrows counted, every escrow empty once its round closed, every
// share paid once and none lost); finally every request is replayed with its key: same answers, no money
// moved. Runs on the embedded database and, when reachable, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect } from 'vitest';
import { priceCents } from '../../machines/rules/betslip.ts';
import { resultFromWire, type WireResult } from '../../machines/rules/settlement.ts';
import type { Db } from '../../server/db/index.ts';
import { BENCH_PASSWORD, type BenchDatabase, benchMsisdn, fillDatabase } from '../bench/fixture.ts';
import { signIn } from '../bench/load.ts';
import { type Child, startServer } from '../bench/process.ts';
import { itOnEachDatabase } from '../support/eachDatabase.ts';
import { freePort } from '../support/serverProcess.ts';
import { type BankSubscriber, checkBank, moneySnapshot, openIntents } from './bankChecks.ts';
import {
  type Answer,
  AnswerLog,
  type ClientOptions,
  type Request,
  Semaphore,
  ServerGate,
  untilFinal,
} from './bankClient.ts';

/** Small provider latency, one payment in ten refused, a short wait and reconciliation twice a second. */
const PROVIDERS = {
  MOBILE_MONEY_LATENCY_MS: '150',
  MOBILE_MONEY_FAILURE_RATE: '0.1',
  MOBILE_MONEY_TIMEOUT_MS: '500',
  RECONCILE_INTERVAL_MS: '500',
};

/** Logical operations (each with its own key); duplicates, retries and replays come on top. */
const OPERATIONS = 2_100;
/** Requests in flight at most (50 subscribers' phones, a few requests each at worst). */
const IN_FLIGHT = 32;
/** From the database fill to the first operation (fill, start, sign-ins), allowed for in the betslip's end. */
const SETUP_ALLOWANCE_MS = 14_000;
/** Operations before the betslip's end, and after it (on the next betslip). */
const BEFORE_END_MS = 18_000;
const AFTER_END_MS = 8_000;
/** The kill -9, this long into the run (at most 40 % of the way to the end; once 50 answers are in). */
const KILL_AFTER_MS = 5_000;

const FUNDED_CENTS = 100_000_000;
const SMALL_CENTS = 7_00;
const SEEDED_PRIZE_CENTS = 40_00;
const WEEKLY_LIMIT = 10; // M

type Kind = 'wallet' | 'airtime' | 'limited-wallet' | 'limited-airtime' | 'small';
const LAYOUT: Array<[Kind, number]> = [
  ['wallet', 20], // funded, with winnings to cash out; buy airtime
  ['airtime', 15], // empty wallet: stakes charged to airtime; abusive airtime buys and cash-outs
  ['limited-wallet', 5], // funded, weekly limit M 10
  ['limited-airtime', 5], // empty wallet, weekly limit M 10
  ['small', 5], // M 7: a few stakes from the wallet, then airtime
];

interface Subscriber extends BankSubscriber {
  i: number;
  kind: Kind;
  token: string;
}

function subscribers(): Subscriber[] {
  const list: Subscriber[] = [];
  for (const [kind, count] of LAYOUT) {
    for (let c = 0; c < count; c++) {
      const i = list.length;
      list.push({
        i,
        kind,
        msisdn: benchMsisdn(i),
        token: '',
        creditCents:
          kind === 'wallet' || kind === 'limited-wallet' ? FUNDED_CENTS : kind === 'small' ? SMALL_CENTS : 0,
        seededPrizeCents: kind === 'wallet' ? SEEDED_PRIZE_CENTS : 0,
        limitCents: kind.startsWith('limited') ? WEEKLY_LIMIT * 100 : null,
      });
    }
  }
  return list;
}

/** The winnings the cashers start with (a PRIZE move, as a settled betslip would have paid). */
async function seedWinnings(db: Db, subs: Subscriber[]): Promise<void> {
  await db.kysely
    .insertInto('wallet_moves')
    .values(
      subs
        .filter((s) => s.seededPrizeCents > 0)
        .map((s) => ({
          msisdn: s.msisdn,
          amount_cents: s.seededPrizeCents,
          kind: 'PRIZE' as const,
          reason: 'PRIZE_WON',
          service_id: 'JACKPOT14',
          idempotency_key: 'bench-prize',
        })),
    )
    .execute();
}

/** A small seeded generator: the mix is reproducible from the seed printed with the figures. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

type Unsold = 'CANCEL' | 'CAPTAIN_COVERS';
interface GroupPlan {
  shares: number;
  captainShares: number;
  unsold: Unsold;
  /** Bought into by the mix (racing for the last shares); else one member joins and it stays unfull. */
  busy: boolean;
  captain: Kind;
  /** Its picks are the results but for two (with the void match, 12 right): its prize is split. */
  winning?: boolean;
}

/** The groups opened at setup on the first betslip, closed at its end and settled with it. */
const GROUPS: GroupPlan[] = [
  { shares: 3, captainShares: 1, unsold: 'CANCEL', busy: true, captain: 'wallet' }, // raced for at once
  { shares: 4, captainShares: 1, unsold: 'CANCEL', busy: true, captain: 'wallet' },
  { shares: 5, captainShares: 2, unsold: 'CANCEL', busy: true, captain: 'wallet' },
  { shares: 6, captainShares: 1, unsold: 'CAPTAIN_COVERS', busy: true, captain: 'wallet', winning: true },
  { shares: 6, captainShares: 1, unsold: 'CANCEL', busy: false, captain: 'wallet' }, // cancelled: refunds
  { shares: 5, captainShares: 1, unsold: 'CAPTAIN_COVERS', busy: false, captain: 'wallet' }, // covered
  // A captain under a weekly limit: the cover is refused once the limit is spent, and the group cancelled.
  { shares: 4, captainShares: 1, unsold: 'CAPTAIN_COVERS', busy: false, captain: 'limited-wallet' },
];

interface OpenGroup {
  plan: GroupPlan;
  captain: Subscriber;
  code: string;
}

type OpKind = 'submit' | 'airtime' | 'cash-out' | 'group-share';
interface Planned {
  kind: OpKind;
  sub: Subscriber;
  /** Fraction of the run at which it is sent. */
  at: number;
  amount?: number;
  friend?: string | null;
  /** A share purchase: the group and how many shares. */
  group?: OpenGroup;
  count?: number;
  /** Sent twice at once with the same key; and again a few seconds after its answer. */
  twice: boolean;
  later: boolean;
  /** A slip filled in offline for the first betslip, whenever it is sent (late ones meet the close). */
  queued?: boolean;
  /** Once answered (and stored), its key is sent again with another body: 422, nothing runs. */
  otherBody: boolean;
}

function plan(subs: Subscriber[], random: ReturnType<typeof generator>, groups: OpenGroup[]): Planned[] {
  const funded = subs.filter((s) => s.creditCents === FUNDED_CENTS);
  const cashers = subs.filter((s) => s.seededPrizeCents > 0);
  const broke = subs.filter((s) => s.creditCents < FUNDED_CENTS);
  const busy = groups.filter((g) => g.plan.busy);
  const flags = () => ({
    twice: random.next() < 0.1,
    later: random.next() < 0.05,
    otherBody: random.next() < 0.03,
  });
  // Share buyers: mostly funded members, else anyone (empty wallets and spent limits are refused).
  const member = (g: OpenGroup) => {
    const s = random.next() < 0.6 ? random.pick(cashers) : random.pick(subs);
    return s === g.captain ? random.pick(subs) : s;
  };
  const share = (g: OpenGroup, sub: Subscriber, at: number, count: number): Planned => ({
    kind: 'group-share',
    sub,
    group: g,
    count,
    at,
    ...flags(),
  });
  const ops: Planned[] = [];
  for (let j = 0; j < OPERATIONS; j++) {
    const r = random.next();
    const common = { at: j / OPERATIONS, ...flags() };
    if (r < 0.57)
      ops.push({ kind: 'submit', sub: random.pick(subs), queued: random.next() < 0.05, ...common });
    else if (r < 0.6) {
      // Shares of a busy group, now and then two members at the same moment (a race for the last ones).
      const g = random.pick(busy);
      ops.push(share(g, member(g), common.at, random.pick([1, 1, 1, 2])));
      if (random.next() < 0.3) ops.push(share(g, member(g), common.at, 1));
    } else if (r < 0.78) {
      const friend = random.next() < 0.3 ? `5800 ${String(1000 + Math.floor(random.next() * 9000))}` : null;
      const amount = random.pick([1, 2.5, 5, 10, 20]);
      ops.push({ kind: 'airtime', sub: random.pick(funded), amount, friend, ...common });
    } else if (r < 0.96) {
      ops.push({
        kind: 'cash-out',
        sub: random.pick(cashers),
        amount: random.pick([1, 2, 2.5, 3, 5]),
        ...common,
      });
    } else if (r < 0.98) {
      // Abuse: more airtime than any of these wallets could ever hold (all prize pools together are less).
      ops.push({ kind: 'airtime', sub: random.pick(broke), amount: 500_000, friend: null, ...common });
    } else {
      ops.push({ kind: 'cash-out', sub: random.pick(broke), amount: 300_000, ...common });
    }
  }
  // At the very start (before the kill can come, however slow the setup was), three funded members at
  // once for the first group's last two shares; and one member for each quiet group, which stays unfull
  // (its rule decides at the close).
  const first = groups[0]!;
  const racers = cashers.filter((s) => s !== first.captain).slice(0, 3);
  for (const s of racers) ops.push(share(first, s, 0.01, 1));
  for (const [i, g] of groups.filter((x) => !x.plan.busy).entries()) {
    ops.push(share(g, cashers.filter((s) => s !== g.captain)[i + 5]!, 0.02 + i * 0.01, 1));
  }
  return ops.sort((a, b) => a.at - b.at);
}

interface Slip {
  sid: string;
  endsAt: string;
  matches: unknown[];
  betslipParams: {
    defaultBetslipPrice: number;
    thirdChance: number;
    multipleChance: number;
    feePerSecond: number;
    feePerThird: number;
  };
}

/** Random picks, now and then one double. */
function randomOutcomes(random: ReturnType<typeof generator>, slip: Slip): string[] {
  const outcomes = slip.matches.map(() => random.pick(['1', '2', '3']));
  if (random.next() < 0.2)
    outcomes[Math.floor(random.next() * outcomes.length)] = random.pick(['12', '13', '23']);
  return outcomes;
}

/** Random picks, priced with the shared rules. */
function slipBody(random: ReturnType<typeof generator>, slip: Slip): string {
  const outcomes = randomOutcomes(random, slip);
  return JSON.stringify({
    msisdn: null,
    lang: random.pick(['en', 'st']),
    betSlipSid: slip.sid,
    positionAndPredictionDtos: outcomes.map((o, i) => ({ betSlipPosition: i, prediction: Number(o) })),
    betSlipCost: priceCents(slip.betslipParams, outcomes) / 100,
  });
}

/** Sleeps until epoch ms `t` (at once when it has passed). */
const until = (t: number) => sleep(Math.max(0, t - Date.now()));

const ROUTES: Record<Exclude<OpKind, 'group-share'>, string> = {
  submit: '/api/protected/submit-online-betslip',
  airtime: '/api/protected/mobile-money-transaction',
  'cash-out': '/api/protected/cash-out',
};
const route = (op: Pick<Planned, 'kind' | 'group'>) =>
  op.kind === 'group-share' ? `/api/protected/groups/${op.group!.code}/shares` : ROUTES[op.kind];

/** Every keyed request: the operations, and the groups' openings ('group'). */
type SentKind = OpKind | 'group';
interface Sent extends Request {
  kind: SentKind;
  sub: Subscriber;
  /** Shares asked for (group-share). */
  count?: number;
}

/**
 * An answer the server keeps under the key: every submission's; airtime's and cash-out's when done; a
 * group's or a share's unless refused for money (a 402 is not kept, by design: top up, then the same key).
 */
const stored = (kind: SentKind, answer: Answer) =>
  kind === 'submit' ||
  (kind === 'group' || kind === 'group-share' ? answer.status !== 402 : answer.status === 200);

const same = (a: Answer, b: Answer) =>
  a.status === b.status && JSON.stringify(sortKeys(a.body)) === JSON.stringify(sortKeys(b.body));
const sortKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([x, y]) => [x, sortKeys(y)]),
        )
      : v;

async function bankRun(target: BenchDatabase) {
  // BANK_SEED replays a run's mix (the timing, and so the races, still vary).
  const seed = Number(process.env.BANK_SEED) || Date.now() % 1_000_000;
  const random = generator(seed);
  const phases: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    phases[name] = Date.now() - mark;
    mark = Date.now();
  };

  const subs = subscribers();
  const endAt = new Date(Date.now() + SETUP_ALLOWANCE_MS + BEFORE_END_MS);
  await fillDatabase(target, {
    subscribers: subs.length,
    stored: 0,
    betslipEndsAt: endAt,
    creditCents: (i) => subs[i]!.creditCents,
    extra: (db) => seedWinnings(db, subs),
  });
  let db: Db;
  phase('fill');
  const env = { ...target.env, ...PROVIDERS };
  // One port for the run: restarts come back on it (tokens name the server they were issued by).
  const port = await freePort();
  let server: Child = await startServer(port, env);
  live = () => server;
  phase('start');
  const log = new AnswerLog();
  const gate = new ServerGate(server.url);
  let deadline = Number.POSITIVE_INFINITY;
  const waiting = new Map<Request, string>();
  const client: ClientOptions = {
    gate,
    log,
    limit: new Semaphore(IN_FLIGHT),
    deadline: () => deadline,
    waiting,
  };
  let report: Record<string, number> = {};
  const sent: Sent[] = [];
  try {
    for (const s of subs) s.token = await signIn(server.url, s.msisdn, BENCH_PASSWORD);
    const admin = await signIn(server.url, 'admin', 'admin1234');
    let nextId = 0;
    const request = (
      label: string,
      method: 'GET' | 'POST',
      path: string,
      token: string,
      body?: unknown,
      key?: string,
    ): Request => ({
      id: nextId++,
      label,
      method,
      path,
      token,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      key,
      finals: [],
    });
    const get = (path: string, token: string) =>
      untilFinal(client, request(path, 'GET', `/api/protected/${path}`, token));
    for (const s of subs.filter((x) => x.limitCents !== null)) {
      const body = { weeklyLimit: WEEKLY_LIMIT };
      const set = await untilFinal(
        client,
        request('limit', 'POST', '/api/protected/play-limits', s.token, body),
      );
      expect(set.body.weeklyLimit).toBe(WEEKLY_LIMIT);
    }
    // The clients' copy of the current betslip, fetched outside the queue of money requests.
    const side = { ...client, limit: new Semaphore(4) };
    const current = async (): Promise<Slip> => {
      const path = '/api/protected/fetch-current-betslip';
      const got = await untilFinal(side, request('betslip', 'GET', path, subs[0]!.token));
      expect(got.status).toBe(200);
      return got.body as unknown as Slip;
    };
    const first = await current();
    let slip = first;
    const settledSid = first.sid;
    const end = new Date(slip.endsAt).getTime();
    // The results the operator will enter (one match void), known now so that one group can win.
    const wires: WireResult[] = ['HOME_WIN', 'AWAY_WIN', 'DRAW'];
    const results: WireResult[] = slip.matches.map(() => random.pick(wires));
    results[Math.floor(random.next() * results.length)] = 'VOID';
    phase('sign-in');

    // ── Group play: the groups open on the first betslip, each opening sent twice at once ───────────
    const groups = await Promise.all(
      GROUPS.map(async (plan, g): Promise<OpenGroup> => {
        // Each group its own captain: the n-th of its kind for the n-th group with a captain of that kind.
        const nth = GROUPS.slice(0, g).filter((x) => x.captain === plan.captain).length;
        const captain = subs.filter((s) => s.kind === plan.captain)[nth]!;
        let outcomes = randomOutcomes(random, first);
        if (plan.winning) {
          outcomes = results.map((r) => resultFromWire(r)!).map((r) => (r === 'VOID' ? '1' : r));
          const right = outcomes.map((_, i) => i).filter((i) => results[i] !== 'VOID');
          for (const i of right.slice(0, 2)) outcomes[i] = outcomes[i] === '1' ? '2' : '1';
        }
        const body = {
          lang: random.pick(['en', 'st']),
          betSlipSid: first.sid,
          positionAndPredictionDtos: outcomes.map((o, i) => ({ betSlipPosition: i, prediction: Number(o) })),
          name: `Bank ${g + 1}`,
          shares: plan.shares,
          captainShares: plan.captainShares,
          unsold: plan.unsold,
        };
        const open: Sent = {
          ...request('group', 'POST', '/api/protected/groups', captain.token, body, randomUUID()),
          kind: 'group',
          sub: captain,
        };
        sent.push(open);
        const [created] = await Promise.all([untilFinal(client, open), untilFinal(client, open)]);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return { plan, captain, code: String(created.body.code) };
      }),
    );
    // The race for the last shares, whatever the machine's speed: four members at once ask for one
    // share each of the first group (its captain holds one of three), so two are refused as full.
    const racers = subs
      .filter((s) => s.kind === 'wallet' && !groups.some((g) => g.captain === s))
      .slice(0, 4);
    const race = racers.map((sub): Sent => {
      const body = { count: 1, lang: 'en' };
      const path = `/api/protected/groups/${groups[0]!.code}/shares`;
      return {
        ...request('group-share', 'POST', path, sub.token, body, randomUUID()),
        kind: 'group-share',
        sub,
        count: 1,
      };
    });
    sent.push(...race);
    const raced = await Promise.all(race.map((r) => untilFinal(client, r)));
    expect(raced.map((a) => a.body.messageKey ?? a.status).sort(), 'the race for the last shares').toEqual([
      200,
      200,
      'GROUP.FULL',
      'GROUP.FULL',
    ]);
    phase('groups');

    // ── The run: operations paced over [now, end + AFTER_END_MS] ─────────────────────────────────
    const loadStart = Date.now();
    const span = end + AFTER_END_MS - loadStart;
    expect(end - loadStart, 'time left before the betslip ends (setup too slow?)').toBeGreaterThan(3_000);
    deadline = end + AFTER_END_MS + 120_000;
    let answered = 0;
    const mismatches: Answer[] = [];
    let refreshing: Promise<void> | null = null;
    const refresh = () => {
      refreshing ??= current()
        .then((s) => {
          slip = s;
        })
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    };
    // Clients look for the next betslip when theirs ends, and whenever one is refused as closed.
    const looked = until(end + 50).then(refresh);

    const runOp = async (op: Planned) => {
      // Cash-outs go to M-Pesa (B2C); EcoCash takes no payouts and would only be refused.
      const wallet = op.kind === 'cash-out' ? 'MPESA' : random.pick(['MPESA', 'ECOCASH']);
      const body =
        op.kind === 'submit'
          ? undefined
          : op.kind === 'group-share'
            ? { count: op.count, lang: random.pick(['en', 'st']) }
            : op.kind === 'airtime'
              ? { lang: 'en', amount: op.amount, receivingMsisdn: op.friend, mobileWalletSid: wallet }
              : { lang: 'st', amount: op.amount, mobileWalletSid: wallet };
      const one: Sent = {
        ...request(op.kind, 'POST', route(op), op.sub.token, body, randomUUID()),
        kind: op.kind,
        sub: op.sub,
        count: op.count,
      };
      // A slip is filled in for the betslip the client knows of when it is sent.
      if (op.kind === 'submit') one.build = () => slipBody(random, op.queued ? first : slip);
      sent.push(one);
      const sending = untilFinal(client, one);
      const twin = op.twice ? sleep(random.next() * 20).then(() => untilFinal(client, one)) : undefined;
      const answer = await sending;
      await twin;
      answered += 1;
      if (answer.status === 409 && answer.body.messageKey === 'BETSLIP.CLOSED') await refresh();
      if (op.later) {
        await sleep(1_000 + random.next() * 3_000);
        await untilFinal(client, one);
      }
      if (op.otherBody && stored(op.kind, one.finals.at(-1)!)) {
        const other = JSON.parse(one.body!) as Record<string, unknown>;
        if (op.kind === 'submit') other.lang = other.lang === 'en' ? 'st' : 'en';
        else if (op.kind === 'group-share') other.count = Number(other.count) + 1;
        else other.amount = Number(other.amount) + 1;
        const abuse = request(`${op.kind} other body`, 'POST', route(op), op.sub.token, other, one.key);
        mismatches.push(await untilFinal(client, abuse));
      }
    };

    // kill -9 once the run is under way, then restart on the same data.
    let killedAt = 0;
    const killer = (async () => {
      await sleep(Math.min(KILL_AFTER_MS, (end - loadStart) * 0.4));
      while (answered < 50) await sleep(20);
      gate.close();
      killedAt = Date.now();
      await server.kill();
      phases.killedAfter = killedAt - loadStart;
      server = await startServer(port, env);
      phases.restart = Date.now() - killedAt;
      gate.open(server.url);
    })();

    // The operator: results just before the end (one mistaken, then corrected), a settle too early,
    // three at once right after the end, one more later, and a correction after settlement (refused).
    const corrected = results.findIndex((r) => r !== 'VOID');
    const mistaken = wires.find((w) => w !== results[corrected])!;
    const settles: Answer[] = [];
    let settleLost = false;
    const adminPost = (label: string, path: string, body?: unknown) =>
      untilFinal(client, request(label, 'POST', `/api/admin/betslips/${settledSid}${path}`, admin, body));
    const settleOnce = async () => {
      const before = log.network;
      const answer = await adminPost('settle', '/settle');
      if (log.network > before) settleLost = true; // an answer may have been lost: paid unknown
      settles.push(answer);
      return answer;
    };
    const operator = (async () => {
      await until(end - 3_500);
      const entered = await Promise.all(
        results.map((result, i) =>
          adminPost('result', '/results', { position: i + 1, result: i === corrected ? mistaken : result }),
        ),
      );
      expect(entered.map((a) => a.status)).toEqual(results.map(() => 200));
      await until(end - 2_000);
      const fix = { position: corrected + 1, result: results[corrected] };
      expect((await adminPost('result', '/results', fix)).status).toBe(200);
      await until(end - 1_000);
      await settleOnce();
      await until(end + 100);
      await Promise.all([settleOnce(), settleOnce(), settleOnce()]);
      while (!settles.some((a) => a.status === 200)) await settleOnce();
      await sleep(2_000);
      await settleOnce();
      const late = await adminPost('result', '/results', { position: 1, result: 'VOID' });
      expect([late.status, late.body.messageKey]).toEqual([409, 'BETSLIP.SETTLED']);
    })();

    const planned = plan(subs, random, groups);
    let launched = 0;
    const progress = process.env.BANK_PROGRESS
      ? setInterval(() => {
          const t = ((Date.now() - loadStart) / 1000).toFixed(1);
          const why = new Map<string, number>();
          for (const w of waiting.values()) why.set(w, (why.get(w) ?? 0) + 1);
          const retrying = [...why].map(([w, count]) => `${w} ×${count}`).join(', ');
          console.info(
            `[${t}s] launched ${launched} answered ${answered} retrying [${retrying}]; ${log.summary()}`,
          );
        }, 2_000)
      : undefined;
    try {
      const running: Promise<void>[] = [];
      for (const op of planned) {
        await until(loadStart + op.at * span);
        // Nobody starts anything new while the server is down; what was due goes out when it is back.
        if (gate.down) await gate.ready();
        running.push(runOp(op));
        launched += 1;
      }
      await Promise.all([...running, killer, operator, looked]);
    } finally {
      clearInterval(progress);
    }
    phases.finalAfterKill = Date.now() - killedAt;
    phase('run');

    // ── A share refused for money (402, not kept) asked again with its key now that its group is
    // closed: refused as closed (kept), so the replays find that answer again ─────────────────────────
    const unkept = sent.filter((s) => s.kind === 'group-share' && s.finals.at(-1)!.status === 402);
    const closedAnswers = await Promise.all(unkept.map((s) => untilFinal(client, s)));
    expect(
      closedAnswers.filter(
        (a) => a.status !== 409 || !['GROUP.CLOSED', 'GROUP.CANCELLED'].includes(String(a.body.messageKey)),
      ),
      'a share asked for after its group closed',
    ).toEqual([]);

    // ── Cash out what is left, so a refused (unstored) cash-out is refused again when replayed ────
    await Promise.all(
      subs
        .filter((s) => s.seededPrizeCents > 0)
        .map(async (s) => {
          for (let round = 0; round < 100; round++) {
            const info = await get('fetch-wallet-info', s.token);
            if (Number(info.body.currentlyWithheldAmount) > 0) {
              await sleep(300); // a pending cash-out may yet fail and give its money back
              continue;
            }
            const left = Number(info.body.withdrawablemount);
            if (left <= 0) return;
            const body = { lang: 'en', amount: left, mobileWalletSid: 'MPESA' };
            const drain: Sent = {
              ...request('cash-out', 'POST', ROUTES['cash-out'], s.token, body, randomUUID()),
              kind: 'cash-out',
              sub: s,
            };
            sent.push(drain);
            await untilFinal(client, drain);
          }
          throw new Error(`could not cash out the winnings of ${s.msisdn}`);
        }),
    );
    phase('drain');

    // ── Reconciliation finishes every intent. PostgreSQL is polled while the server runs; the
    // embedded database can only be opened by one process, so it is checked after the replays with
    // the server stopped (and the server restarted to carry on should anything still be open).
    let before: Record<string, unknown> | undefined;
    if (target.name === 'PostgreSQL') {
      db = await target.open();
      try {
        await waitForIntents(db);
        before = await moneySnapshot(db.kysely);
      } finally {
        await db.close();
      }
    }
    phase('reconcile');

    // ── Every request again with its key: the same answer, and no money moves ────────────────────
    const wallets = () => Promise.all(subs.map((s) => get('fetch-wallet-info', s.token).then((a) => a.body)));
    const walletsBefore = await wallets();
    await Promise.all(sent.map((s) => untilFinal(client, s)));
    expect(await wallets(), 'wallets changed by the replays').toEqual(walletsBefore);
    if (before) {
      db = await target.open();
      try {
        expect(await moneySnapshot(db.kysely), 'money or answers changed by the replays').toEqual(before);
      } finally {
        await db.close();
      }
    }
    phase('replay');

    const inconsistent: unknown[] = [];
    let turned = 0;
    for (const s of sent) {
      const firstStored = s.finals.findIndex((a) => stored(s.kind, a));
      if (firstStored < 0) {
        // Refusals that are not stored (402): refused every time, the last replay included.
        if (!s.finals.every((a) => a.status === 402 && same(a, s.finals[0]!))) {
          inconsistent.push({ key: s.key, finals: s.finals });
        }
        continue;
      }
      if (firstStored > 0) turned += 1; // refused, then done by a later send: allowed, a 402 keeps nothing
      const answer = s.finals[firstStored]!;
      if (
        !s.finals.slice(firstStored).every((a) => same(a, answer)) ||
        !s.finals.slice(0, firstStored).every((a) => a.status === 402) ||
        !s.finals.at(-1)!.replayed
      ) {
        inconsistent.push({ key: s.key, label: s.label, finals: s.finals });
      }
    }
    expect(inconsistent, 'a key answered differently').toEqual([]);
    expect(
      mismatches.filter((a) => a.status !== 422 || a.body.messageKey !== 'IDEMPOTENCY.MISMATCH'),
      'a key sent again with another body',
    ).toEqual([]);
    expect(mismatches.length).toBeGreaterThan(0);
    expect(log.serverErrors, '500s').toEqual([]);

    // ── The database ──────────────────────────────────────────────────────────────────────────────
    if (target.name === 'PGlite') {
      const give = Date.now() + 45_000;
      for (;;) {
        await server.stop();
        db = await target.open();
        const open = await openIntents(db.kysely);
        if (!open) break;
        await db.close();
        if (Date.now() > give) throw new Error(`reconciliation did not finish: ${open}`);
        server = await startServer(port, env);
        await sleep(1_000);
      }
    } else {
      await server.stop();
      db = await target.open();
    }
    try {
      const keyed = (kind: SentKind) =>
        sent
          .filter((s) => s.kind === kind)
          .map((s) => ({ msisdn: s.sub.msisdn, key: s.key!, final: s.finals.at(-1)!, count: s.count ?? 0 }));
      report = await checkBank(db.kysely, {
        subscribers: subs,
        submits: keyed('submit'),
        purchases: keyed('airtime'),
        cashOuts: keyed('cash-out'),
        groupCreates: keyed('group'),
        groupShares: keyed('group-share'),
        settledSid,
        results: results.map((r) => resultFromWire(r)!),
        killedAt: new Date(killedAt),
      });
    } finally {
      await db.close();
    }
    phase('check');

    // The settlement race: one call paid, the others found it settled (or came too early).
    expect(settles.every((a) => a.status === 200 || a.body.messageKey === 'BETSLIP.OPEN')).toBe(true);
    const paid = settles.reduce((sum, a) => sum + Math.round(Number(a.body.paid ?? 0) * 100), 0);
    if (!settleLost) expect(paid).toBe(report.prizesPaidCents);
    report.settleCalls = settles.length;
    report.turnedRefusals = turned;

    // The run did what it says: money both ways, the kill cut requests, the end refused late slips.
    const count = (key: string) => log.byStatus.get(key) ?? 0;
    expect(sent.length).toBeGreaterThanOrEqual(2_000);
    expect(log.network, 'requests cut by the kill').toBeGreaterThan(0);
    expect(count('409 BETSLIP.CLOSED'), 'slips sent after the end').toBeGreaterThan(0);
    expect(count('403 PLAY.LIMIT_REACHED'), 'stakes refused by a weekly limit').toBeGreaterThan(0);
    expect(count('402 WALLET.INSUFFICIENT_FUNDS'), 'abusive amounts refused').toBeGreaterThan(0);
    expect(count('409 IDEMPOTENCY.IN_PROGRESS'), 'keys sent twice at once').toBeGreaterThan(0);
    expect(report.slipsByAirtime).toBeGreaterThan(0);
    expect(report.slipsStored).toBeGreaterThan(report.slipsByAirtime ?? 0);
    expect((report.cashOutsFAILED ?? 0) + (report.purchasesReversed ?? 0)).toBeGreaterThan(0);
    // Group play did what it says: a race for the last share, shares after the close, every kind of close.
    expect(count('409 GROUP.FULL'), 'shares refused as the group was full').toBeGreaterThan(0);
    expect(
      count('409 GROUP.CLOSED') + count('409 GROUP.CANCELLED'),
      'shares after the close',
    ).toBeGreaterThan(0);
    expect(report.groupsFilledByMembers, 'groups filled by their members').toBeGreaterThan(0);
    expect(report.groupsCovered, 'groups covered by their captain').toBeGreaterThan(0);
    expect(report.groupsCancelled, 'groups cancelled and refunded').toBeGreaterThan(0);
    expect(report.groupsWon, 'group prizes split').toBeGreaterThan(0);
  } finally {
    await server.stop();
    console.info(
      `bank test on ${target.name} (seed ${seed}): ${sent.length} operations, ${log.total()} requests;`,
      `phases (ms) ${JSON.stringify(phases)}; database ${JSON.stringify(report)}; answers: ${log.summary()}`,
    );
  }
}

/** Polls until reconciliation has finished every intent (PostgreSQL, with the server running). */
async function waitForIntents(db: Db): Promise<void> {
  const give = Date.now() + 60_000;
  for (;;) {
    const open = await openIntents(db.kysely);
    if (!open) return;
    if (Date.now() > give) throw new Error(`reconciliation did not finish: ${open}`);
    await sleep(250);
  }
}

/** The server of the test running now, stopped after a test that timed out. */
let live: (() => Child) | undefined;

describe('the bank: money safe under races, crashes and abuse', () => {
  afterEach(async () => {
    await live?.().kill();
    live = undefined;
  });

  itOnEachDatabase((database) => `on ${database}`, bankRun, 240_000);
});
