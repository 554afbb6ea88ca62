// The API client handed to screens through the router context. src/api/ is the only place with URLs.
import { passwordGrant, refreshGrant } from './auth';
import { apiGet, apiPost } from './http';
import { fetchCurrentBetslip } from './play';
import { register, requestOtp, submitOtp } from './registration';

export const api = {
  get: apiGet,
  post: apiPost,
  auth: { passwordGrant, refreshGrant },
  registration: { requestOtp, submitOtp, register },
  play: { currentBetslip: fetchCurrentBetslip },
};

export type Api = typeof api;
