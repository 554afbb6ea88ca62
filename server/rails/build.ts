// The rails this configuration calls for (DESIGN "Payment and messaging rails"): each one real (the
// provider's URL and credentials), emulated (demo mode: the emulator served by this process under
// /dev/rails/<name>, reached through the loopback fetch with the emulator's own credentials), or off.
// Either way the same adapters run: demo only points them elsewhere.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { RailErrorCounter } from '../metrics.ts';
import { type OperatorBilling, UnconfiguredOperatorBilling } from '../providers/operatorBilling.ts';
import { HttpSmsGateway, type SmsProvider, SmsUnavailableError } from '../providers/sms.ts';
import type { Rail } from '../railsConfig.ts';
import { AfricasTalkingAirtime } from './africastalking/airtime.ts';
import { AfricasTalkingEmulator, africasTalkingEmulatorRoutes } from './africastalking/emulator.ts';
import { AfricasTalkingSms } from './africastalking/sms.ts';
import { OneApiBilling } from './billing/adapter.ts';
import { BillingEmulator, billingEmulatorRoutes } from './billing/emulator.ts';
import { dbStore } from './dbStore.ts';
import { EcoCashApi } from './ecocash/adapter.ts';
import { EcoCashEmulator, ecocashEmulatorRoutes } from './ecocash/emulator.ts';
import { ECOCASH_NOTIFY_PATH } from './ecocash/notify.ts';
import { LOOPBACK_ORIGIN, loopbackFetch } from './loopbackFetch.ts';
import { RailsMobileMoney } from './mobileMoney.ts';
import { MpesaOpenApi } from './mpesa/adapter.ts';
import { MpesaEmulator, mpesaEmulatorRoutes } from './mpesa/emulator.ts';
import type { Fetch } from './types.ts';

/** The demo's emulators, whose knobs a test (or a demo operator) turns without rebuilding the app. */
export interface RailEmulators {
  mpesa: MpesaEmulator;
  ecocash: EcoCashEmulator;
  billing: BillingEmulator;
  at: AfricasTalkingEmulator;
}

export interface BuiltRails {
  mobileMoney: RailsMobileMoney;
  billing: OperatorBilling;
  sms: SmsProvider;
  /** Where EcoCash notifications are checked: the shared secret and/or the callers allowed. */
  ecocashNotify: { secret?: string; allow?: string[] } | null;
  emulators: RailEmulators | null;
}

/** The emulators' fixed demo credentials (nothing real: they only open the emulators in this process). */
const DEMO = {
  mpesaApiKey: 'demo-mpesa-api-key',
  serviceProviderCode: '000000',
  ecocash: {
    username: 'demo-ecocash',
    password: 'demo-ecocash-password',
    merchantCode: '12345',
    merchantPin: '1357',
  },
  merchantNumber: '26657000000',
  notifySecret: 'demo-ecocash-notify-secret',
  billingToken: 'demo-billing-token',
  at: { username: 'sandbox', apiKey: 'demo-at-api-key' },
} as const;

/** One RSA key per process for the M-Pesa emulator (generating one per test app costs time, not safety). */
let demoKeys: { publicKey: KeyObject; privateKey: KeyObject } | undefined;
const mpesaKeys = () => {
  demoKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return demoKeys;
};

const base = (name: string) => `${LOOPBACK_ORIGIN}/dev/rails/${name}`;

/** The sms_outbox row an SMS the AT emulator "delivered" leaves, readable at /dev/sms. */
async function keepInOutbox(db: Kysely<Database>, msisdn: string, text: string, now: () => Date) {
  // The code inside an OTP text (4 to 8 digits; "Jackpot 14" has two), for tests and the demo.
  const otp = /\b(\d{4,8})\b/.exec(text)?.[1] ?? null;
  await db.insertInto('sms_outbox').values({ msisdn, text, otp, created_at: now() }).execute();
}

function emulators(config: Config, db: Kysely<Database>, now: () => Date): RailEmulators {
  const knobs = config.rails.emulators;
  return {
    mpesa: Object.assign(
      new MpesaEmulator({
        apiKey: DEMO.mpesaApiKey,
        serviceProviderCode: DEMO.serviceProviderCode,
        keyPair: mpesaKeys(),
        store: dbStore(db, 'mpesa'),
        transactionIds: dbStore(db, 'mpesa-ids'),
        latencyMs: knobs.latencyMs,
        sessionLiveMs: 0,
      }),
      {
        outcome: knobs.depositOutcome === 'timeout' ? 'timeout' : knobs.depositOutcome,
        hang: knobs.hang,
        failureRate: knobs.failureRate,
      },
    ),
    ecocash: new EcoCashEmulator({
      ...DEMO.ecocash,
      store: dbStore(db, 'ecocash'),
      latencyMs: knobs.latencyMs,
      outcome:
        knobs.depositOutcome === 'cancel' ? 'cancel' : knobs.depositOutcome === 'never' ? 'never' : 'confirm',
      retryDelayMs: 200,
    }),
    billing: new BillingEmulator({
      token: DEMO.billingToken,
      latencyMs: knobs.latencyMs,
      insufficient: knobs.billingInsufficient,
      store: dbStore(db, 'billing'),
    }),
    at: new AfricasTalkingEmulator({
      ...DEMO.at,
      latencyMs: knobs.latencyMs,
      failureRate: knobs.failureRate,
      hang: knobs.hang,
      store: dbStore(db, 'africastalking'),
      onSms: (msisdn, text) => keepInOutbox(db, msisdn, text, now),
    }),
  };
}

/** SMS when no provider can send: registration answers 503 rather than pretend a code went out. */
class NoSms implements SmsProvider {
  async send(): Promise<void> {
    throw new SmsUnavailableError('no SMS provider configured');
  }
}

function withoutEmulators(rails: Config['rails']): Config['rails'] {
  const off = <T>(rail: Rail<T>): Rail<T> => (rail.kind === 'emulator' ? { kind: 'off' } : rail);
  return {
    ...rails,
    mpesa: off(rails.mpesa),
    ecocash: off(rails.ecocash),
    billing: off(rails.billing),
    africasTalking: off(rails.africasTalking),
  };
}

const real = <T>(rail: Rail<T>) => (rail.kind === 'real' ? rail.settings : undefined);

/** Builds the adapters (and, in demo mode, registers the emulators they talk to). */
export async function buildRails(
  app: FastifyInstance,
  options: { config: Config; db: Kysely<Database>; now: () => Date; errors?: RailErrorCounter },
): Promise<BuiltRails> {
  const { config, db, now } = options;
  // Emulators run only in demo mode: outside it a rail without settings is simply not offered.
  const rails = config.demo ? config.rails : withoutEmulators(config.rails);
  const emulated = Object.values(rails).some(
    (r) => typeof r === 'object' && 'kind' in r && r.kind === 'emulator',
  );
  const emu = emulated ? emulators(config, db, now) : null;
  if (emu) {
    await app.register(mpesaEmulatorRoutes, { prefix: '/dev/rails/mpesa', emulator: emu.mpesa });
    await app.register(ecocashEmulatorRoutes, { prefix: '/dev/rails/ecocash', emulator: emu.ecocash });
    await app.register(billingEmulatorRoutes, { prefix: '/dev/rails/billing', emulator: emu.billing });
    await app.register(africasTalkingEmulatorRoutes, { prefix: '/dev/rails/at', emulator: emu.at });
  }
  const loopback: Fetch = loopbackFetch(app);
  // EcoCash notifies the demo through the same loopback (its notify URL is on the loopback origin).
  if (emu)
    emu.ecocash.deliver = async (url, body) =>
      (
        await loopback(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;

  const mpesaSettings = real(rails.mpesa);
  const mpesa = mpesaSettings
    ? new MpesaOpenApi(mpesaSettings)
    : rails.mpesa.kind === 'emulator' && emu
      ? new MpesaOpenApi({
          baseUrl: base('mpesa'),
          apiKey: DEMO.mpesaApiKey,
          publicKey: emu.mpesa.publicKeyBase64,
          serviceProviderCode: DEMO.serviceProviderCode,
          sessionLiveMs: 0,
          // The demo's read timeout is the wallet's: a payment unknown to M-Pesa after it never reached it.
          timeoutMs: config.mobileMoney.timeoutMs,
          fetch: loopback,
        })
      : undefined;

  const eco = real(rails.ecocash);
  const publicOrigin = config.publicUrl ?? LOOPBACK_ORIGIN;
  const notifySecret = eco ? eco.notifySecret : DEMO.notifySecret;
  const notifyUrl = `${eco ? publicOrigin : LOOPBACK_ORIGIN}${ECOCASH_NOTIFY_PATH}${
    notifySecret ? `?secret=${encodeURIComponent(notifySecret)}` : ''
  }`;
  const ecocash = eco
    ? new EcoCashApi({ ...eco, notifyUrl })
    : rails.ecocash.kind === 'emulator' && emu
      ? new EcoCashApi({
          baseUrl: base('ecocash'),
          ...DEMO.ecocash,
          merchantNumber: DEMO.merchantNumber,
          notifyUrl,
          fetch: loopback,
        })
      : undefined;

  const at = real(rails.africasTalking);
  const atOptions = at
    ? { baseUrl: at.baseUrl, username: at.username, apiKey: at.apiKey, senderId: at.senderId }
    : rails.africasTalking.kind === 'emulator'
      ? { baseUrl: base('at'), ...DEMO.at, senderId: 'Jackpot14', fetch: loopback }
      : undefined;

  const billingSettings = real(rails.billing);
  const billing: OperatorBilling = billingSettings
    ? new OneApiBilling(billingSettings)
    : rails.billing.kind === 'emulator'
      ? new OneApiBilling({ baseUrl: base('billing'), token: DEMO.billingToken, fetch: loopback })
      : new UnconfiguredOperatorBilling();

  let sms: SmsProvider = new NoSms();
  if (rails.smsProvider === 'http' && config.smsGateway)
    sms = new HttpSmsGateway(config.smsGateway.url, config.smsGateway.token);
  else if (atOptions) sms = new AfricasTalkingSms(atOptions);

  return {
    mobileMoney: new RailsMobileMoney({
      mpesa,
      ecocash,
      airtime: atOptions ? new AfricasTalkingAirtime(atOptions) : undefined,
      errors: options.errors,
      now,
    }),
    billing,
    sms,
    ecocashNotify:
      rails.ecocash.kind === 'off'
        ? null
        : { secret: notifySecret, allow: eco?.notifyAllow.length ? eco.notifyAllow : undefined },
    emulators: emu,
  };
}
