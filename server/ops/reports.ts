// What the game took in and paid out: per round and a summary of what is owed now (CONTRACTS.md
// "Operations tools"). Amounts in M, computed from the ledger and the submissions in the database, so
// the figures are the money's own record, never a counter kept beside it.
import { type Kysely, sql } from 'kysely';
import type { ReportSummary, RoundReport } from '../../machines/wire/admin.ts';
import type { Database } from '../db/index.ts';
import { toCents } from '../wallet/ledger.ts';

type Db = Kysely<Database>;

const inM = (cents: unknown) => toCents(cents as string | number | null) / 100;

/** Every published round, newest end first (at most `limit`). */
export async function roundReports(db: Db, limit = 200): Promise<RoundReport[]> {
  const rows = await db
    .selectFrom('betslips as b')
    .leftJoin('submissions as s', 's.betslip_sid', 'b.sid')
    .leftJoin('slip_results as r', 'r.submission_id', 's.id')
    .select([
      'b.sid',
      'b.status',
      'b.end_at',
      sql<string>`count(s.id)`.as('entries'),
      sql<string | null>`sum(s.rows)`.as('rows'),
      sql<string>`count(DISTINCT s.msisdn)`.as('players'),
      sql<string | null>`sum(s.cost_cents)`.as('turnover'),
      sql<string | null>`sum(s.cost_cents) FILTER (WHERE s.paid_from = 'WALLET')`.as('wallet'),
      sql<string | null>`sum(s.cost_cents) FILTER (WHERE s.paid_from = 'AIRTIME')`.as('airtime'),
      sql<string | null>`sum(r.amount_won_cents)`.as('prizes'),
    ])
    .where('b.status', 'not in', ['DRAFT', 'SCHEDULED'])
    .groupBy(['b.sid', 'b.status', 'b.end_at'])
    .orderBy('b.end_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const turnover = inM(r.turnover);
    const prizesPaid = inM(r.prizes);
    return {
      sid: r.sid,
      status: r.status,
      entries: Number(r.entries),
      rows: Number(r.rows ?? 0),
      players: Number(r.players),
      turnover,
      paidFromWallet: inM(r.wallet),
      paidByAirtime: inM(r.airtime),
      prizesPaid,
      payoutRatio: turnover > 0 ? Math.round((prizesPaid / turnover) * 10_000) / 10_000 : 0,
    };
  });
}

const CSV_COLUMNS: Array<keyof RoundReport> = [
  'sid',
  'status',
  'entries',
  'players',
  'turnover',
  'paidFromWallet',
  'paidByAirtime',
  'prizesPaid',
  'payoutRatio',
  // Last: added with systems, after the columns spreadsheets already read by position.
  'rows',
];

/** A field as CSV: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
const csvField = (value: string | number) => {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function roundsCsv(reports: readonly RoundReport[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of reports) lines.push(CSV_COLUMNS.map((c) => csvField(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function summary(db: Db, now: Date): Promise<ReportSummary> {
  const [wallets, cashOuts, deposits, players] = await Promise.all([
    db
      .selectFrom('wallet_moves')
      .select((eb) => eb.fn.sum<string | null>('amount_cents').as('cents'))
      .executeTakeFirst(),
    db
      .selectFrom('cash_outs')
      .select((eb) => eb.fn.sum<string | null>('amount_cents').as('cents'))
      .where('status', '=', 'PENDING')
      .executeTakeFirst(),
    db
      .selectFrom('deposits')
      .select((eb) => eb.fn.sum<string | null>('amount_cents').as('cents'))
      .where('status', '=', 'PENDING')
      .executeTakeFirst(),
    db
      .selectFrom('submissions')
      .select(sql<string>`count(DISTINCT msisdn)`.as('n'))
      .where('created_at', '>=', new Date(now.getTime() - WEEK_MS))
      .executeTakeFirst(),
  ]);
  return {
    walletLiabilities: inM(wallets?.cents),
    pendingCashOuts: inM(cashOuts?.cents),
    pendingDeposits: inM(deposits?.cents),
    playersLast7Days: Number(players?.n ?? 0),
  };
}
