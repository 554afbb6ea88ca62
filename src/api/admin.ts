// Operator API (docs/CONTRACTS.md "Results and operations API", /api/admin, ROLE_ADMIN). Imported only by
// the lazy /admin screen, so none of it reaches a subscriber's bundle.
import type { BetslipParams } from '../../machines/rules/betslip';
import { apiGet, apiPost } from './http';

export type MatchResult = 'HOME_WIN' | 'AWAY_WIN' | 'DRAW' | 'VOID';
export const MATCH_RESULTS: readonly MatchResult[] = ['HOME_WIN', 'AWAY_WIN', 'DRAW', 'VOID'];

/** A betslip in the operator's list. The contract fixes sid and status; the rest is shown when sent. */
export interface AdminBetslip {
  sid: string;
  status: string;
  endDate?: string;
  matches?: {
    position?: number;
    betslipPosotion?: number;
    homeTeam?: string;
    awayTeam?: string;
    startsAt?: string;
    result?: string | null;
  }[];
  [extra: string]: unknown;
}

export interface NewBetslip {
  sid?: string;
  /** ISO */
  endDate: string;
  matches: {
    tournament: string;
    startDate: string;
    homeTeam: string;
    awayTeam: string;
    homeTeamLogo?: string;
    awayTeamLogo?: string;
  }[];
  betslipParams: BetslipParams;
  prizes?: { prizeType: number; amount: number }[];
  rollover?: boolean;
}

export interface SettleResult {
  settled: boolean;
  winners: number;
  paidCents: number;
}

const enc = encodeURIComponent;

export const listBetslips = (signal?: AbortSignal): Promise<AdminBetslip[]> =>
  apiGet<AdminBetslip[]>('/admin/betslips', { signal });

export const createBetslip = (body: NewBetslip): Promise<{ sid: string }> =>
  apiPost<{ sid: string }>('/admin/betslips', body);

export interface Published {
  sid: string;
  status: 'CURRENT' | 'SCHEDULED';
  after: string | null;
  goLiveAt: string | null;
  closed: string | null;
}

export const publishBetslip = (sid: string, goLiveAt?: string): Promise<Published> =>
  apiPost<Published>(`/admin/betslips/${enc(sid)}/publish`, goLiveAt ? { goLiveAt } : {});

export const setResult = (sid: string, position: number, result: MatchResult): Promise<unknown> =>
  apiPost(`/admin/betslips/${enc(sid)}/results`, { position, result });

/** All the results at once: checked as a whole and saved together (or none). */
export const setResults = (
  sid: string,
  results: { position: number; result: MatchResult }[],
): Promise<{ changed: number }> =>
  apiPost<{ changed: number }>(`/admin/betslips/${enc(sid)}/results`, { results });

export interface SettlementPreview {
  tiers: { prizeType: number; winners: number; amountEach: number; pool: number }[];
  totalPayout: number;
  rollover: number;
}

export const settlementPreview = (sid: string): Promise<SettlementPreview> =>
  apiGet<SettlementPreview>(`/admin/betslips/${enc(sid)}/settlement-preview`);

export const settleBetslip = (sid: string): Promise<SettleResult> =>
  apiPost<SettleResult>(`/admin/betslips/${enc(sid)}/settle`);

export interface RoundReport {
  sid: string;
  status: string;
  entries: number;
  players: number;
  turnover: number;
  paidFromWallet: number;
  paidByAirtime: number;
  prizesPaid: number;
  payoutRatio: number;
}

export interface ReportSummary {
  walletLiabilities: number;
  pendingCashOuts: number;
  pendingDeposits: number;
  playersLast7Days: number;
}

export const roundReports = (): Promise<RoundReport[]> => apiGet<RoundReport[]>('/admin/reports/rounds');
export const reportSummary = (): Promise<ReportSummary> => apiGet<ReportSummary>('/admin/reports/summary');
/** The same rounds as CSV text (the bearer token is needed, so it is fetched, then saved by the page). */
export const roundsCsv = (): Promise<string> => apiGet<string>('/admin/reports/rounds.csv');

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  /** ISO */
  from?: string;
  to?: string;
}

export const auditLog = (filter: AuditFilter): Promise<AuditRow[]> => {
  const query = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
  const qs = query.toString();
  return apiGet<AuditRow[]>(`/admin/audit${qs ? `?${qs}` : ''}`);
};
