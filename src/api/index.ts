// The API client handed to screens through the router context. src/api/ is the only place with URLs.
import { passwordGrant, refreshGrant } from './auth';
import { apiGet, apiPost } from './http';
import { fetchCurrentBetslip } from './play';

export const api = {
  get: apiGet,
  post: apiPost,
  auth: { passwordGrant, refreshGrant },
  play: { currentBetslip: fetchCurrentBetslip },
};

export type Api = typeof api;
