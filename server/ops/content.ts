// Marketing's content: testimonials and the default prize table (the banner's "prize display"). Betslips
// copy the default table when published, so a change here shows from the next betslip on and never
// changes what an open betslip pays.
import { type Kysely, sql } from 'kysely';
import { audit } from '../audit/audit.ts';
import { done, type OpResult, refused } from '../audit/outcome.ts';
import type { Database } from '../db/index.ts';

type Db = Kysely<Database>;

export async function listTestimonials(db: Db) {
  const rows = await db.selectFrom('testimonials').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    lang: r.lang,
    imgUrl: r.img_url,
    name: r.name,
    occupation: r.occupation,
    testimonial: r.text,
    position: r.position,
  }));
}

export interface TestimonialInput {
  lang: string;
  /** Absent: no picture (stored as ''). */
  imgUrl?: string;
  name: string;
  occupation: string;
  testimonial: string;
}

/** Adds a testimonial at the end of the carousel. */
export async function addTestimonial(db: Db, actor: string, input: TestimonialInput, now: Date) {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('testimonials')
      .select((eb) => eb.fn.max('position').as('p'))
      .executeTakeFirst();
    const row = await trx
      .insertInto('testimonials')
      .values({
        lang: input.lang,
        img_url: input.imgUrl ?? '',
        name: input.name.trim(),
        occupation: input.occupation.trim(),
        text: input.testimonial.trim(),
        position: Number(last?.p ?? -1) + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, { actor, action: 'TESTIMONIAL.ADD', target: `testimonial:${row.id}` }, now);
    return done({ id: row.id });
  });
}

export async function deleteTestimonial(
  db: Db,
  actor: string,
  idText: string,
  now: Date,
): Promise<OpResult<{ deleted: true }>> {
  const id = Number(idText);
  if (!/^\d{1,9}$/.test(idText) || !Number.isSafeInteger(id)) return refused(404, 'TESTIMONIAL.NOT_FOUND');
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('testimonials')
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst();
    if (!gone) return refused(404, 'TESTIMONIAL.NOT_FOUND');
    await audit(
      trx,
      { actor, action: 'TESTIMONIAL.DELETE', target: `testimonial:${id}`, detail: { name: gone.name } },
      now,
    );
    return done({ deleted: true as const });
  });
}

type PrizeInM = { prizeType: number; amount: number };

/** Why a prize table cannot be taken (a tier twice, an amount with more than two decimals), or null. */
export function prizesProblem(prizes: readonly PrizeInM[]): string | null {
  if (new Set(prizes.map((p) => p.prizeType)).size !== prizes.length) return 'a prize type twice';
  if (prizes.some((p) => Math.abs(p.amount * 100 - Math.round(p.amount * 100)) > 1e-6))
    return 'prize amounts have at most two decimals';
  return null;
}

/** Adds `cents` to betslip `sid`'s jackpot pool (creating the tier when it had none). */
export async function addToJackpot(trx: Db, sid: string, cents: number) {
  const updated = await trx
    .updateTable('prizes')
    .set({ amount_cents: sql<number>`amount_cents + ${cents}` })
    .where('betslip_sid', '=', sid)
    .where('prize_type', '=', 14)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await insertPrizes(trx, [{ prizeType: 14, amountCents: cents }], sid);
}

/** A prize as the operator gives it (M) as it is stored (cents). */
export const inCents = (p: PrizeInM) => ({ prizeType: p.prizeType, amountCents: Math.round(p.amount * 100) });

/** Writes prize rows: a betslip's own pools, or the default table when `betslipSid` is null. */
export async function insertPrizes(
  db: Db,
  prizes: readonly { prizeType: number; amountCents: number }[],
  betslipSid: string | null,
): Promise<void> {
  if (prizes.length === 0) return;
  await db
    .insertInto('prizes')
    .values(
      prizes.map((p) => ({ prize_type: p.prizeType, amount_cents: p.amountCents, betslip_sid: betslipSid })),
    )
    .execute();
}

/** Replaces the default prize table (tiers 14, 13, 12, 7, 6; amount in M). */
export async function replacePrizes(
  db: Db,
  actor: string,
  prizes: PrizeInM[],
  now: Date,
): Promise<OpResult<PrizeInM[]>> {
  const problem = prizesProblem(prizes);
  if (problem) return refused(400, 'PRIZES.INVALID', problem);
  const sorted = [...prizes].sort((a, b) => b.prizeType - a.prizeType);
  await db.transaction().execute(async (trx) => {
    // One replacement at a time: two concurrent delete-then-insert transactions would both insert into
    // an emptied table and the second would break the unique index.
    await sql`SELECT pg_advisory_xact_lock(hashtext('prizes:default'))`.execute(trx);
    await trx.deleteFrom('prizes').where('betslip_sid', 'is', null).execute();
    await insertPrizes(trx, sorted.map(inCents), null);
    await audit(trx, { actor, action: 'PRIZES.REPLACE', target: 'prizes', detail: { prizes: sorted } }, now);
  });
  return done(sorted.map((p) => ({ prizeType: p.prizeType, amount: Math.round(p.amount * 100) / 100 })));
}
