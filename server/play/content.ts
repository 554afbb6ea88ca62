// Prizes and testimonials as the banner and the play screen read them (CONTRACTS.md Play API).
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { toCents } from '../wallet/ledger.ts';

type Db = Kysely<Database>;

/** The betslip's own prize table if it has one, else the default table; highest prize first. */
export async function fetchPrizes(db: Db, betslipSid: string | null) {
  const query = db.selectFrom('prizes').select(['prize_type', 'amount_cents']).orderBy('prize_type', 'desc');
  let rows = betslipSid ? await query.where('betslip_sid', '=', betslipSid).execute() : [];
  if (rows.length === 0) rows = await query.where('betslip_sid', 'is', null).execute();
  return rows.map((row) => ({ prizeType: row.prize_type, amount: toCents(row.amount_cents) / 100 }));
}

export async function fetchTestimonials(db: Db) {
  const rows = await db.selectFrom('testimonials').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map((row) => ({
    lang: row.lang,
    imgUrl: row.img_url,
    testimonialDto: { name: row.name, occupation: row.occupation, testimonial: row.text },
  }));
}
