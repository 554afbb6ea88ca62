// The API client handed to screens and route loaders through the router context. src/api/ is the only
// place with URLs. Every module is here: the few the shell needs at once directly, the others as their
// own chunks, fetched by the loader that first needs them (/play's first load stays within its budget).
import { passwordGrant, refreshGrant } from './auth';
import { apiGet, apiPost } from './http';
import { fetchCurrentBetslip } from './play';

export const api = {
  get: apiGet,
  post: apiPost,
  auth: { passwordGrant, refreshGrant },
  play: { currentBetslip: fetchCurrentBetslip },
  account: () => import('./account'),
  admin: () => import('./admin'),
  appInfo: () => import('./appInfo'),
  groups: () => import('./groups'),
  marketing: () => import('./marketing'),
  operators: () => import('./operators'),
  publicRounds: () => import('./publicRounds'),
  push: () => import('./push'),
  receipts: () => import('./receipts'),
  registration: () => import('./registration'),
  results: () => import('./results'),
  standing: () => import('./standing'),
  support: () => import('./support'),
};

export type Api = typeof api;
