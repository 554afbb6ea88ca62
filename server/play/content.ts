// Prizes and testimonials as the banner and the play screen read them (CONTRACTS.md Play API).
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { toCents } from '../wallet/ledger.ts';

type Db = Kysely<Database>;

/**
 * The betslip's own prize table if it has one, else the default table; highest prize first. The jackpot
 * says how much of it was rolled over from rounds nobody won (`rolledOver`, only when there is some).
 */
export async function fetchPrizes(db: Db, betslipSid: string | null) {
  const query = db.selectFrom('prizes').select(['prize_type', 'amount_cents']).orderBy('prize_type', 'desc');
  let rows = betslipSid ? await query.where('betslip_sid', '=', betslipSid).execute() : [];
  const own = rows.length > 0;
  if (!own) rows = await query.where('betslip_sid', 'is', null).execute();
  const rolled =
    own && betslipSid
      ? await db
          .selectFrom('betslips')
          .select((eb) => eb.fn.sum<string | number | null>('rollover_cents').as('cents'))
          .where('rolled_into', '=', betslipSid)
          .executeTakeFirst()
      : undefined;
  const rolledCents = toCents(rolled?.cents);
  return rows.map((row) => ({
    prizeType: row.prize_type,
    amount: toCents(row.amount_cents) / 100,
    ...(row.prize_type === 14 && rolledCents > 0 && { rolledOver: rolledCents / 100 }),
  }));
}

export async function fetchTestimonials(db: Db) {
  const rows = await db.selectFrom('testimonials').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map((row) => ({
    lang: row.lang,
    imgUrl: row.img_url,
    testimonialDto: { name: row.name, occupation: row.occupation, testimonial: row.text },
  }));
}
