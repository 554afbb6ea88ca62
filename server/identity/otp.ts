// One-time passwords that prove a subscriber holds a phone: 6 digits, valid 5 minutes, 5 wrong guesses
// at most, 3 requests per number per 10 minutes, single use. Only a peppered hash is stored, and only the
// newest code of a number counts (asking again closes the previous one, whatever it was for). Each code is
// bound to its purpose: a registration code does not reset a password, nor a reset code register. Each SMS
// costs money, so sends are also capped per client address and in all, per minute, whatever numbers are
// asked for.
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { OtpPurpose } from '../db/identityTables.ts';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { type SmsProvider, SmsUnavailableError } from '../providers/sms.ts';
import { bump, pruneCounters, unbump, windowStart } from './rateCounters.ts';

export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_TRIES = 5;
export const OTP_MAX_REQUESTS = 3;
export const OTP_REQUEST_WINDOW_MS = 10 * 60 * 1000;
/** The window of the per-address and global send caps. */
export const OTP_SEND_WINDOW_MS = 60 * 1000;

export interface OtpServiceOptions {
  db: Kysely<Database>;
  sms: SmsProvider;
  pepper: string;
  now: () => Date;
  /** SMS sent per client address per minute. */
  sendsPerAddressPerMinute: number;
  /** SMS sent per minute in all. */
  sendsPerMinute: number;
}

const ALL_SENDS = 'otp-sends';
const addressSends = (address: string) => `otp-sends:${address}`;

type Texts = Record<string, (code: string) => string>;

const TEXTS: Record<OtpPurpose, Texts> = {
  REGISTER: {
    st: (code) =>
      `Khoutu ea hau ea Jackpot 14 ke ${code}. E sebetsa metsotso e 5. U se ke ua e arolelana le motho.`,
    en: (code) => `Your Jackpot 14 code is ${code}. It is valid for 5 minutes. Do not share it.`,
  },
  // Says what the code does: someone who did not ask for a reset knows not to pass it on.
  RESET: {
    st: (code) =>
      `Khoutu ea ho beha phasewete e ncha ea Jackpot 14 ke ${code}. E sebetsa metsotso e 5. ` +
      'Haeba ha ua e kopa, u se ke ua e arolelana le motho.',
    en: (code) =>
      `Your Jackpot 14 password reset code is ${code}. It is valid for 5 minutes. ` +
      'If you did not ask for it, do not share it.',
  },
  // A sign-in from a busy shared address (tokenRoutes.ts): whoever did not try to sign in learns that
  // someone has the password.
  SIGN_IN: {
    st: (code) =>
      `Khoutu ea ho kena ho Jackpot 14 ke ${code}. E sebetsa metsotso e 5. ` +
      'Haeba ha u leke ho kena, u se ke ua e arolelana le motho, u fetole phasewete.',
    en: (code) =>
      `Your Jackpot 14 sign-in code is ${code}. It is valid for 5 minutes. ` +
      'If you are not signing in, do not share it and change your password.',
  },
};

/** The SMS text in the subscriber's language (English for any language we do not have). */
export const otpText = (lang: string | undefined, code: string, purpose: OtpPurpose = 'REGISTER'): string => {
  const texts = TEXTS[purpose];
  return (texts[lang ?? ''] ?? texts.en!)(code);
};

export interface OtpRequest {
  msisdn: string;
  lang: string | undefined;
  /** The client's address (the per-address send cap). */
  address: string;
  purpose: OtpPurpose;
  /**
   * False when the code must not reach anyone (a reset for a number without an account): it is stored and
   * counted exactly like a sent one, so the answer and every limit look the same, but no SMS goes out.
   */
  deliver: boolean;
  /**
   * When the number's newest code is still open, of this purpose and asked for within
   * OTP_REQUEST_WINDOW_MS, nothing is created or sent: one code per account per window (sign-in step-up).
   */
  reuseOpen?: boolean;
}

export class OtpService {
  readonly #o: OtpServiceOptions;

  constructor(options: OtpServiceOptions) {
    this.#o = options;
  }

  #hash(msisdn: string, code: string): Buffer {
    // The msisdn is mixed in so the same code for two numbers hashes differently.
    return createHash('sha256').update(`${this.#o.pepper}:${msisdn}:${code}`).digest();
  }

  /**
   * Creates a code for `purpose` and sends it to `msisdn` (unless `deliver` is false) for a client at
   * `address`. Throws 429 OTP.TOO_MANY_REQUESTS, or 503 SMS.UNAVAILABLE. False when `reuseOpen` found a
   * code still open, so none was sent.
   */
  async request({ msisdn, lang, address, purpose, deliver, reuseOpen }: OtpRequest): Promise<boolean> {
    const now = this.#o.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomUUID();
    const window = windowStart(now, OTP_SEND_WINDOW_MS);
    const created = await this.#o.db.transaction().execute(async (trx) => {
      // Serialises requests for one number across instances, so the limit cannot be raced past.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${msisdn}`}))`.execute(trx);
      if (reuseOpen) {
        const open = await trx
          .selectFrom('otps')
          .select('id')
          .where('msisdn', '=', msisdn)
          .where('consumed_at', 'is', null)
          .where('purpose', '=', purpose)
          .where('created_at', '>', new Date(now.getTime() - OTP_REQUEST_WINDOW_MS))
          .executeTakeFirst();
        if (open) return false;
      }
      const row = await trx
        .selectFrom('otps')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('msisdn', '=', msisdn)
        .where('created_at', '>', new Date(now.getTime() - OTP_REQUEST_WINDOW_MS))
        .executeTakeFirst();
      if (Number(row?.n ?? 0) >= OTP_MAX_REQUESTS) throw new ApiError(429, 'OTP.TOO_MANY_REQUESTS');
      // Counted in this transaction: a refusal rolls the bumps back and uses up nothing. The address
      // comes first, so a flooding address is refused before it eats into everyone's share.
      if ((await bump(trx, addressSends(address), window)) > this.#o.sendsPerAddressPerMinute) {
        throw new ApiError(429, 'OTP.TOO_MANY_REQUESTS');
      }
      if ((await bump(trx, ALL_SENDS, window)) > this.#o.sendsPerMinute) {
        throw new ApiError(429, 'OTP.TOO_MANY_REQUESTS');
      }
      // Only the newest code counts: earlier ones are closed as if used.
      await trx
        .updateTable('otps')
        .set({ consumed_at: now })
        .where('msisdn', '=', msisdn)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('otps')
        .values({
          id,
          msisdn,
          code_hash: this.#hash(msisdn, code).toString('hex'),
          expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
          created_at: now,
          purpose,
        })
        .execute();
      return true;
    });
    if (!created) return false;
    try {
      if (deliver) await this.#o.sms.send({ to: msisdn, text: otpText(lang, code, purpose), otp: code });
    } catch (error) {
      // A code that never arrived must not use up one of the subscriber's requests, nor a send.
      await this.#o.db.deleteFrom('otps').where('id', '=', id).execute();
      await unbump(this.#o.db, addressSends(address), window);
      await unbump(this.#o.db, ALL_SENDS, window);
      if (error instanceof SmsUnavailableError) throw new ApiError(503, 'SMS.UNAVAILABLE');
      throw error;
    }
    await pruneCounters(this.#o.db, now);
    return true;
  }

  /**
   * Checks `code` against the number's newest code for `purpose` without consuming it; returns that code's
   * id. Throws 400 OTP.INVALID (also when the open code is for another purpose) / OTP.EXPIRED or 429
   * OTP.TOO_MANY_TRIES.
   */
  async check(msisdn: string, code: string, purpose: OtpPurpose): Promise<string> {
    const { db } = this.#o;
    // At most one open code per number (request() closes the earlier ones).
    const row = await db
      .selectFrom('otps')
      .select(['id', 'code_hash', 'expires_at'])
      .where('msisdn', '=', msisdn)
      .where('consumed_at', 'is', null)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row) throw new ApiError(400, 'OTP.INVALID');
    if (row.expires_at.getTime() <= this.#o.now().getTime()) throw new ApiError(400, 'OTP.EXPIRED');
    // A try is taken before comparing, atomically: parallel guesses cannot exceed the limit.
    const claimed = await db
      .updateTable('otps')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', row.id)
      .where('tries', '<', OTP_MAX_TRIES)
      .returning('tries')
      .executeTakeFirst();
    if (!claimed) throw new ApiError(429, 'OTP.TOO_MANY_TRIES');
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = this.#hash(msisdn, code.trim());
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Only wrong guesses count: checking, then registering with the right code costs nothing.
      await db
        .updateTable('otps')
        .set((eb) => ({ tries: eb('tries', '-', 1) }))
        .where('id', '=', row.id)
        .execute();
      return row.id;
    }
    if (claimed.tries >= OTP_MAX_TRIES) throw new ApiError(429, 'OTP.TOO_MANY_TRIES');
    throw new ApiError(400, 'OTP.INVALID');
  }

  /** Marks a checked code used, inside the caller's transaction. False when it was used meanwhile. */
  async consume(trx: Kysely<Database>, id: string): Promise<boolean> {
    const result = await trx
      .updateTable('otps')
      .set({ consumed_at: this.#o.now() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
