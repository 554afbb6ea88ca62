// The URL state of the lists: the results' filters and page, the wallet's tab and its transactions'
// filter and page live in validated search params, so a reload, a shared link or coming back shows the
// same list. Defaults are left out of the URL (page 1, the first tab, no filter chosen), and anything
// unknown or malformed is dropped rather than refused: an old or hand-typed link still opens the screen.
// Every key is returned, undefined when absent or unreadable: the router lays the validated values over
// the raw ones, so only an explicit undefined hides a bad raw value (and undefined is never written).
// The ids only (filterIds.ts): the router validates in the first load, the filtering stays in the screens.
import {
  isResultFilterId,
  isTimeFilterId,
  type ResultFilterId,
  type TimeFilterId,
} from '../../machines/rules/filterIds';

export interface ResultsSearch {
  time?: TimeFilterId;
  result?: ResultFilterId;
  page?: number;
}

/** The Wallet screen's tabs, in the order shown. */
export const WALLET_TABS = ['overview', 'deposit', 'buy', 'transactions', 'cashout'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

export interface WalletSearch {
  tab?: WalletTab;
  time?: TimeFilterId;
  page?: number;
}

/** A page after the first (the router parses `?page=2` to the number 2). */
const pageParam = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 1 ? value : undefined;

const timeParam = (value: unknown): TimeFilterId | undefined =>
  typeof value === 'string' && isTimeFilterId(value) ? value : undefined;

/** /results?time=week&result=won&page=2 */
export function validateResultsSearch(search: Record<string, unknown>): ResultsSearch {
  const result =
    typeof search.result === 'string' && isResultFilterId(search.result) ? search.result : undefined;
  return { time: timeParam(search.time), result, page: pageParam(search.page) };
}

/** /wallet?tab=transactions&time=day&page=2 */
export function validateWalletSearch(search: Record<string, unknown>): WalletSearch {
  const tab = WALLET_TABS.find((t) => t !== 'overview' && t === search.tab);
  return { tab, time: timeParam(search.time), page: pageParam(search.page) };
}
