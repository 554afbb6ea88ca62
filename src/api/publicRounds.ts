// Official results of settled rounds, for anyone (GET /api/public/rounds, no sign-in, no phone numbers).
import type { PublicRound } from '../../machines/wire/public';
import { apiGet } from './http';

export type { PublicRound } from '../../machines/wire/public';

export const fetchPublicRounds = (signal?: AbortSignal): Promise<PublicRound[]> =>
  apiGet<PublicRound[]>('/public/rounds', { auth: 'none', signal });
