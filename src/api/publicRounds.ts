// Official results of settled rounds, for anyone (GET /api/public/rounds, no sign-in, no phone numbers).
import { apiGet } from './http';

export interface PublicRound {
  sid: string;
  /** ISO */
  endsAt: string;
  matches: { position: number; homeTeam: string; awayTeam: string; result: string | null }[];
  tiers: { prizeType: number; winners: number; amountEach: number }[];
}

export const fetchPublicRounds = (signal?: AbortSignal): Promise<PublicRound[]> =>
  apiGet<PublicRound[]>('/public/rounds', { auth: 'none', signal });
