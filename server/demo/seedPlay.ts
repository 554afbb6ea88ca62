// Demo data for play and wallet: prizes, testimonials, the current betslip (rolled forward when it
// passes), and a history for subscriber 26650000001: past betslips (won and lost), prizes, an operator
// credit, a confirmed cash-out. Runs once: when betslips already exist it only rolls forward.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { maseruDayAt } from '../lib/maseruTime.ts';
import { type Betslip, insertBetslip, rollForward } from '../play/betslips.ts';
import { SERVICE_ID, setSubscription } from '../wallet/subscriptions.ts';
import { DEMO_BETSLIP_PARAMS, DEMO_PRIZES, DEMO_TESTIMONIALS } from './content.ts';
import { demoMatches, demoResults } from './fixtures.ts';
import { seedDemoHistory } from './history.ts';

type Db = Kysely<Database>;

export const DEMO_SUBSCRIBER = '26650000001';
const DAY = 24 * 60 * 60 * 1000;

/** Sid of demo betslip number `seq` (unique: two instances rolling forward at once collide on it). */
export const demoSid = (seq: number) => `J14-${String(seq).padStart(4, '0')}`;

/** Demo betslip `seq` closing at `endAt`; past ones carry results. */
export function demoBetslip(seq: number, endAt: Date, status: Betslip['status']): Betslip {
  // A settled betslip has every result; a closed one the first nine (results still coming in).
  const results = status === 'SETTLED' ? demoResults(seq) : status === 'CLOSED' ? demoResults(seq, 9) : [];
  return {
    sid: demoSid(seq),
    endAt,
    params: DEMO_BETSLIP_PARAMS,
    status,
    matches: demoMatches(seq, endAt).map((m, i) => ({ ...m, result: results[i] ?? null })),
  };
}

/** The next demo betslip: closes at noon (Maseru) about three days from `now`. */
async function nextDemoBetslip(db: Db, now: Date): Promise<Betslip> {
  const row = await db
    .selectFrom('betslips')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  let seq = Number(row.n) + 1;
  // Betslips an operator added may have taken the next demo sid.
  while (await db.selectFrom('betslips').select('sid').where('sid', '=', demoSid(seq)).executeTakeFirst())
    seq++;
  return demoBetslip(seq, maseruDayAt(now, 3, 12), 'CURRENT');
}

/** Demo mode: make sure an open current betslip exists, closing a passed one. */
export function ensureDemoBetslip(db: Db, now: Date): Promise<string | null> {
  return rollForward(db, now, (at) => nextDemoBetslip(db, at));
}

export async function seedPlayDemo(db: Db, now: Date = new Date()): Promise<void> {
  const existing = await db.selectFrom('betslips').select('sid').limit(1).executeTakeFirst();
  if (existing) {
    // A restarted demo whose betslip passed while it was down gets a fresh one straight away.
    await ensureDemoBetslip(db, now);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('prizes')
      .values(
        DEMO_PRIZES.map((p) => ({ prize_type: p.prizeType, amount_cents: p.amountCents, betslip_sid: null })),
      )
      .execute();
    await trx
      .insertInto('testimonials')
      .values(
        DEMO_TESTIMONIALS.map((t, position) => ({
          lang: t.lang,
          img_url: t.imgUrl,
          name: t.name,
          occupation: t.occupation,
          text: t.text,
          position,
        })),
      )
      .execute();
    await setSubscription(trx, DEMO_SUBSCRIBER, true, SERVICE_ID, new Date(now.getTime() - 40 * DAY));

    const past = [
      demoBetslip(1, maseruDayAt(now, -28, 12), 'SETTLED'),
      demoBetslip(2, maseruDayAt(now, -14, 12), 'SETTLED'),
      demoBetslip(3, maseruDayAt(now, -5, 12), 'CLOSED'),
    ];
    // Seeded as rounds sold before rows counted: they keep what they paid (settled once per slip).
    for (const betslip of past) await insertBetslip(trx, { ...betslip, settlementRule: 'SLIP' });
    await seedDemoHistory(trx, DEMO_SUBSCRIBER, past, now);
  });
  await ensureDemoBetslip(db, now);
}
