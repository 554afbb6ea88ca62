// Sending SMS (one-time passwords). Demo mode and tests use the dev outbox: messages are stored and
// logged instead of sent, and GET /dev/sms reads them. Production posts to an HTTP SMS gateway.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';

export interface SmsMessage {
  /** Normalised msisdn. */
  to: string;
  text: string;
  /** The code inside `text`, kept only by the dev outbox so tests and demos can read it. */
  otp?: string;
}

export interface SmsProvider {
  /** Resolves once the provider accepted the message; throws SmsUnavailableError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsUnavailableError extends Error {
  override name = 'SmsUnavailableError';
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface DevOutboxOptions {
  /** Delay before accepting, in ms (a real gateway takes a while). */
  latencyMs?: number;
  /** Probability (0..1) that sending fails. */
  failureRate?: number;
  random?: () => number;
  now?: () => Date;
}

/** Demo/test SMS: stored in sms_outbox and logged, never sent. */
export class DevOutboxSms implements SmsProvider {
  latencyMs: number;
  failureRate: number;
  readonly #random: () => number;
  readonly #now: () => Date;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
    options: DevOutboxOptions = {},
  ) {
    this.latencyMs = options.latencyMs ?? 0;
    this.failureRate = options.failureRate ?? 0;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? (() => new Date());
  }

  async send(message: SmsMessage): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.failureRate > 0 && this.#random() < this.failureRate) {
      throw new SmsUnavailableError('simulated SMS failure');
    }
    await this.db
      .insertInto('sms_outbox')
      .values({ msisdn: message.to, text: message.text, otp: message.otp ?? null, created_at: this.#now() })
      .execute();
    this.log.info({ to: message.to, text: message.text }, 'dev SMS outbox');
  }
}

/** A gateway that takes `POST {to, text}` with an optional bearer token; any non-2xx is a failure. */
export class HttpSmsGateway implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SmsUnavailableError('SMS gateway unreachable', { cause: error });
    }
    if (!response.ok) throw new SmsUnavailableError(`SMS gateway answered ${response.status}`);
  }
}

/** Production without a gateway: the server runs, but OTP requests answer 503. */
class NoSmsGateway implements SmsProvider {
  async send(): Promise<void> {
    throw new SmsUnavailableError('SMS_GATEWAY_URL is not configured');
  }
}

/** The provider the configuration calls for. */
export function createSmsProvider(
  config: Pick<Config, 'demo' | 'smsGateway'>,
  db: Kysely<Database>,
  log: Logger,
  now: () => Date,
): SmsProvider {
  if (config.smsGateway) return new HttpSmsGateway(config.smsGateway.url, config.smsGateway.token);
  if (config.demo) return new DevOutboxSms(db, log, { now });
  log.warn({}, 'no SMS_GATEWAY_URL: registration cannot send one-time passwords');
  return new NoSmsGateway();
}
