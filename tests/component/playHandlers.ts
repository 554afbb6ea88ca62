// Play API fixtures and msw handlers. The defaults answer every page's banner and /play calls, so tests
// that render the shell without caring about play data get a quiet, realistic server.
import { HttpResponse, http } from 'msw';
import type { Betslip } from '../../machines/betslip/types';
import type { Prize, Testimonial } from '../../src/api/play';
import { BETSLIP_PARAMS } from '../support/rounds';

export const PLAY = '/api/protected';

export const PARAMS = BETSLIP_PARAMS;

const TEAMS = [
  ['Arsenal', 'Chelsea'],
  ['Liverpool', 'Manchester City'],
  ['Real Madrid', 'FC Barcelona'],
  ['Bayern München', 'Borussia Dortmund'],
  ['Juventus', 'Inter'],
  ['Napoli', 'AS Roma'],
  ['Matlama FC', 'Lioli FC'],
  ['Bantu FC', 'Lesotho Defence Force'],
  ['Orlando Pirates', 'Mamelodi Sundowns'],
  ['Al Ahly', 'Espérance Sportive de Tunis et du Sud'],
  ['Sevilla FC', 'Villarreal CF'],
  ['RB Leipzig', 'Bayer Leverkusen'],
  ['Aston Villa', 'Newcastle United'],
  ['Lazio', 'AC Milan'],
];

/** A 14-match betslip ending `endsInMs` after the real (or faked) now. */
export function betslipFixture(sid = 'J14-0042', endsInMs = 3 * 86_400_000): Betslip {
  return {
    sid,
    endDate: '2030-05-04 12:00',
    endsAt: new Date(Date.now() + endsInMs).toISOString(),
    betslipParams: PARAMS,
    matches: TEAMS.map(([homeTeam, awayTeam], i) => ({
      betslipPosotion: i + 1,
      tournament: i < 6 ? 'UEFA Champions League' : 'Vodacom Premier League',
      startDate: '2030-05-02 15:00',
      homeTeam: homeTeam!,
      awayTeam: awayTeam!,
      homeTeamLogo: '/logos/arsenal.svg',
      awayTeamLogo: '/logos/chelsea.svg',
    })),
  };
}

export const PRIZES: Prize[] = [
  { prizeType: 6, amount: 20 },
  { prizeType: 14, amount: 250000 },
  { prizeType: 13, amount: 25000 },
  { prizeType: 12, amount: 2500 },
  { prizeType: 7, amount: 50 },
];

export const TESTIMONIALS: Testimonial[] = [
  {
    lang: 'en',
    imgUrl: '/testimonials/palesa.svg',
    testimonialDto: { name: 'Palesa Letsie', occupation: 'Teacher, Maseru', testimonial: 'I won M 2,500.' },
  },
  {
    lang: 'st',
    imgUrl: '/testimonials/palesa.svg',
    testimonialDto: {
      name: 'Palesa Letsie',
      occupation: 'Tichere, Maseru',
      testimonial: 'Ke hapile M 2,500.',
    },
  },
];

/** Every play call answered, as the demo server would; tests override what they check. */
export const playDefaults = [
  http.get(`${PLAY}/fetch-current-betslip`, () => HttpResponse.json(betslipFixture())),
  http.get(`${PLAY}/fetch-current-prizes`, () => HttpResponse.json(PRIZES)),
  http.get(`${PLAY}/fetch-testimonials`, () => HttpResponse.json(TESTIMONIALS)),
  // The people's picks: too few rows yet, so hidden (tests of the shares answer with some).
  http.get(`${PLAY}/pick-shares`, ({ request }) =>
    HttpResponse.json({
      sid: new URL(request.url).searchParams.get('sid') ?? 'J14-0042',
      rows: 0,
      hidden: true,
    }),
  ),
  // Receipts: no slips played yet, and a key set for /verify (tests that check receipts set their own).
  http.get(`${PLAY}/my-slips`, () => HttpResponse.json([])),
  http.get('/api/receipts/jwks.json', () => HttpResponse.json({ keys: [] })),
  // Pages reached on the way (Results, Account): no history, no standing picks, no limits.
  http.post(`${PLAY}/fetch-past-submitted-betslips`, () => HttpResponse.json([])),
  http.get(`${PLAY}/standing-picks`, () => HttpResponse.json({ standing: null, lastPlay: null })),
  http.get(`${PLAY}/play-limits`, () =>
    HttpResponse.json({
      weeklyLimit: null,
      pendingWeeklyLimit: null,
      pendingFrom: null,
      pausedUntil: null,
      spentThisWeek: 0,
      weeklyDepositLimit: null,
      pendingWeeklyDepositLimit: null,
      depositPendingFrom: null,
      depositedThisWeek: 0,
    }),
  ),
];
