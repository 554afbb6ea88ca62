// Paths of the play API the service worker also needs (runtime caching, the offline queue's replay).
// Kept free of app imports so the service worker build can use it; src/api/play.ts uses the same names.
import { config } from '../config';

/** Relative to config.gamePredictorUrl, as apiGet/apiPost take them. */
export const PLAY_PATHS = {
  betslip: '/protected/fetch-current-betslip',
  submit: '/protected/submit-online-betslip',
  prizes: '/protected/fetch-current-prizes',
  testimonials: '/protected/fetch-testimonials',
  walletInfo: '/protected/fetch-wallet-info',
} as const;

/** Full URL path of a play API call (e.g. /api/protected/fetch-current-betslip). */
export const apiUrl = (path: string): string => `${config.gamePredictorUrl}${path}`;

/** The GETs whose last answer is kept for offline use (network first, cached copy when slow or offline). */
export const OFFLINE_READS: readonly string[] = [
  PLAY_PATHS.betslip,
  PLAY_PATHS.prizes,
  PLAY_PATHS.testimonials,
  PLAY_PATHS.walletInfo,
].map(apiUrl);

/** The service worker's cache of those answers; the page deletes it on sign-out (it holds a wallet). */
export const OFFLINE_READS_CACHE = 'jackpot14-api';
