// Operator API (docs/CONTRACTS.md "Results and operations API", /api/admin, ROLE_ADMIN). Imported only by
// the lazy /admin screen, so none of it reaches a subscriber's bundle. The shapes are machines/wire/admin.ts.
import type {
  AdminBetslip,
  AuditQuery,
  AuditRow,
  CreateBetslipInput,
  Created,
  MatchResult,
  OneResult,
  Published,
  ReportSummary,
  ResultsSaved,
  RoundReport,
  SettleAnswer,
  SettlementPreview,
} from '../../machines/wire/admin';
import { apiGet, apiPost } from './http';

export type {
  AdminBetslip,
  AuditRow,
  CreateBetslipInput as NewBetslip,
  MatchResult,
  Published,
  ReportSummary,
  RoundReport,
  SettleAnswer,
  SettlementPreview,
} from '../../machines/wire/admin';

export const MATCH_RESULTS: readonly MatchResult[] = ['HOME_WIN', 'AWAY_WIN', 'DRAW', 'VOID'];

const enc = encodeURIComponent;

export const listBetslips = (signal?: AbortSignal): Promise<AdminBetslip[]> =>
  apiGet<AdminBetslip[]>('/admin/betslips', { signal });

export const createBetslip = (body: CreateBetslipInput): Promise<Created> =>
  apiPost<Created>('/admin/betslips', body);

export const publishBetslip = (sid: string, goLiveAt?: string): Promise<Published> =>
  apiPost<Published>(`/admin/betslips/${enc(sid)}/publish`, goLiveAt ? { goLiveAt } : {});

export const setResult = (sid: string, position: number, result: MatchResult): Promise<unknown> =>
  apiPost(`/admin/betslips/${enc(sid)}/results`, { position, result } satisfies OneResult);

/** All the results at once: checked as a whole and saved together (or none). */
export const setResults = (sid: string, results: OneResult[]): Promise<ResultsSaved> =>
  apiPost<ResultsSaved>(`/admin/betslips/${enc(sid)}/results`, { results });

export const settlementPreview = (sid: string): Promise<SettlementPreview> =>
  apiGet<SettlementPreview>(`/admin/betslips/${enc(sid)}/settlement-preview`);

export const settleBetslip = (sid: string): Promise<SettleAnswer> =>
  apiPost<SettleAnswer>(`/admin/betslips/${enc(sid)}/settle`);

export const roundReports = (): Promise<RoundReport[]> => apiGet<RoundReport[]>('/admin/reports/rounds');
export const reportSummary = (): Promise<ReportSummary> => apiGet<ReportSummary>('/admin/reports/summary');
/** The same rounds as CSV text (the bearer token is needed, so it is fetched, then saved by the page). */
export const roundsCsv = (): Promise<string> => apiGet<string>('/admin/reports/rounds.csv');

/** The audit page's filter: the query's text fields (paging is the server's `before`/`limit`). */
export type AuditFilter = Pick<AuditQuery, 'actor' | 'action' | 'target' | 'from' | 'to'>;

export const auditLog = (filter: AuditFilter): Promise<AuditRow[]> => {
  const query = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
  const qs = query.toString();
  return apiGet<AuditRow[]>(`/admin/audit${qs ? `?${qs}` : ''}`);
};
