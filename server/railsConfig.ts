// The payment and messaging rails' settings (DESIGN "Payment and messaging rails"). Each rail is either
// configured with the provider's real credentials, pointed at the in-process emulator (demo mode, when
// none of its settings are given), or absent (production without it: the feature says it is not offered).
// Production needs a mobile-money rail (M-Pesa or EcoCash) and an SMS provider.

export class RailsConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

export interface MpesaSettings {
  baseUrl: string;
  apiKey: string;
  /** The portal's public key: base64 DER SubjectPublicKeyInfo. */
  publicKey: string;
  serviceProviderCode: string;
  origin: string;
  sessionLiveMs: number;
  sessionTtlMs: number;
  timeoutMs: number;
}

export interface EcoCashSettings {
  baseUrl: string;
  username: string;
  password: string;
  merchantCode: string;
  merchantPin: string;
  merchantNumber: string;
  /** Our notify route checks `?secret=` against it (ECOCASH_NOTIFY_SECRET). */
  notifySecret: string | undefined;
  /** Caller addresses allowed on the notify route (ECOCASH_NOTIFY_ALLOW, comma-separated); [] = any. */
  notifyAllow: string[];
}

export interface BillingSettings {
  baseUrl: string;
  token: string;
}

export interface AfricasTalkingSettings {
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId: string | undefined;
}

/** A rail: real settings, the in-process emulator (demo), or not offered. */
export type Rail<T> = { kind: 'real'; settings: T } | { kind: 'emulator' } | { kind: 'off' };

export type SmsProviderName = 'africastalking' | 'http' | 'outbox';

/** What the demo emulators do (the simulator settings of earlier releases, same names). */
export interface EmulatorSettings {
  latencyMs: number;
  failureRate: number;
  hang: boolean;
  depositOutcome: 'confirm' | 'cancel' | 'timeout' | 'never';
  billingInsufficient: string[];
}

export interface RailsConfig {
  mpesa: Rail<MpesaSettings>;
  ecocash: Rail<EcoCashSettings>;
  billing: Rail<BillingSettings>;
  /** Airtime purchases and (when SMS_PROVIDER is africastalking) SMS. */
  africasTalking: Rail<AfricasTalkingSettings>;
  smsProvider: SmsProviderName;
  emulators: EmulatorSettings;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new RailsConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

function url(env: Env, name: string, production: boolean): string {
  const raw = read(env, name) as string;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new RailsConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol)) throw new RailsConfigError(`${name} must be http(s)`);
  // Loopback is allowed over http (an emulator process in the production-mode test, a local gateway).
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (production && parsed.protocol !== 'https:' && !loopback)
    throw new RailsConfigError(`${name} must be https in production`);
  return raw.replace(/\/+$/, '');
}

/**
 * A rail from its settings: all of `required` given → real; none given → the emulator in demo mode, off
 * in production; some but not all → a configuration error naming what is missing.
 */
function rail<T>(env: Env, demo: boolean, required: readonly string[], build: () => T): Rail<T> {
  const given = required.filter((name) => read(env, name) !== undefined);
  if (given.length === 0) return demo ? { kind: 'emulator' } : { kind: 'off' };
  const missing = required.filter((name) => read(env, name) === undefined);
  if (missing.length > 0)
    throw new RailsConfigError(`${given.join(', ')} set but ${missing.join(', ')} missing`);
  return { kind: 'real', settings: build() };
}

const MPESA = ['MPESA_BASE_URL', 'MPESA_API_KEY', 'MPESA_PUBLIC_KEY', 'MPESA_SERVICE_PROVIDER_CODE'] as const;
const ECOCASH = [
  'ECOCASH_BASE_URL',
  'ECOCASH_USERNAME',
  'ECOCASH_PASSWORD',
  'ECOCASH_MERCHANT_CODE',
  'ECOCASH_MERCHANT_PIN',
  'ECOCASH_MERCHANT_NUMBER',
] as const;
const BILLING = ['BILLING_BASE_URL', 'BILLING_TOKEN'] as const;
const AT = ['AT_BASE_URL', 'AT_USERNAME', 'AT_API_KEY'] as const;

const DEPOSIT_OUTCOMES = ['confirm', 'cancel', 'timeout', 'never'] as const;

function emulators(env: Env): EmulatorSettings {
  const raw = (read(env, 'MOBILE_MONEY_DEPOSIT_OUTCOME') ?? 'confirm').toLowerCase();
  const depositOutcome = DEPOSIT_OUTCOMES.find((o) => o === raw);
  if (!depositOutcome)
    throw new RailsConfigError(`MOBILE_MONEY_DEPOSIT_OUTCOME must be one of ${DEPOSIT_OUTCOMES.join(', ')}`);
  const rate = Number(read(env, 'MOBILE_MONEY_FAILURE_RATE') ?? 0);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new RailsConfigError('MOBILE_MONEY_FAILURE_RATE must be a number between 0 and 1');
  const hang = (read(env, 'MOBILE_MONEY_HANG') ?? 'false').toLowerCase();
  return {
    latencyMs: integer(env, 'MOBILE_MONEY_LATENCY_MS', 300, 0, 600_000),
    failureRate: rate,
    hang: ['1', 'true', 'yes', 'on'].includes(hang),
    depositOutcome,
    billingInsufficient: (read(env, 'OPERATOR_BILLING_INSUFFICIENT') ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
  };
}

function smsProvider(env: Env, demo: boolean, at: Rail<AfricasTalkingSettings>): SmsProviderName {
  const raw = read(env, 'SMS_PROVIDER');
  if (raw === undefined) {
    if (at.kind === 'real') return 'africastalking';
    if (read(env, 'SMS_GATEWAY_URL')) return 'http';
    return demo ? 'outbox' : 'africastalking';
  }
  if (raw !== 'africastalking' && raw !== 'http' && raw !== 'outbox')
    throw new RailsConfigError('SMS_PROVIDER must be africastalking, http or outbox');
  if (raw === 'outbox' && !demo) throw new RailsConfigError('SMS_PROVIDER=outbox is for demo mode only');
  return raw;
}

export function loadRailsConfig(env: Env, production: boolean, demo: boolean): RailsConfig {
  const mpesa = rail(env, demo, MPESA, () => ({
    baseUrl: url(env, 'MPESA_BASE_URL', production),
    apiKey: read(env, 'MPESA_API_KEY') as string,
    publicKey: read(env, 'MPESA_PUBLIC_KEY') as string,
    serviceProviderCode: read(env, 'MPESA_SERVICE_PROVIDER_CODE') as string,
    origin: read(env, 'MPESA_ORIGIN') ?? '*',
    sessionLiveMs: integer(env, 'MPESA_SESSION_LIVE_MS', 30_000, 0, 600_000),
    sessionTtlMs: integer(env, 'MPESA_SESSION_TTL_MS', 3_600_000, 60_000, 86_400_000),
    timeoutMs: integer(env, 'MPESA_TIMEOUT_MS', 120_000, 1_000, 600_000),
  }));
  const ecocash = rail(env, demo, ECOCASH, () => ({
    baseUrl: url(env, 'ECOCASH_BASE_URL', production),
    username: read(env, 'ECOCASH_USERNAME') as string,
    password: read(env, 'ECOCASH_PASSWORD') as string,
    merchantCode: read(env, 'ECOCASH_MERCHANT_CODE') as string,
    merchantPin: read(env, 'ECOCASH_MERCHANT_PIN') as string,
    merchantNumber: read(env, 'ECOCASH_MERCHANT_NUMBER') as string,
    notifySecret: read(env, 'ECOCASH_NOTIFY_SECRET'),
    notifyAllow: (read(env, 'ECOCASH_NOTIFY_ALLOW') ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  }));
  if (
    production &&
    ecocash.kind === 'real' &&
    !ecocash.settings.notifySecret &&
    !ecocash.settings.notifyAllow.length
  )
    throw new RailsConfigError('ECOCASH_NOTIFY_SECRET or ECOCASH_NOTIFY_ALLOW is required in production');
  const billing = rail(env, demo, BILLING, () => ({
    baseUrl: url(env, 'BILLING_BASE_URL', production),
    token: read(env, 'BILLING_TOKEN') as string,
  }));
  const africasTalking = rail(env, demo, AT, () => ({
    baseUrl: url(env, 'AT_BASE_URL', production),
    username: read(env, 'AT_USERNAME') as string,
    apiKey: read(env, 'AT_API_KEY') as string,
    senderId: read(env, 'SMS_SENDER_ID'),
  }));
  const sms = smsProvider(env, demo, africasTalking);
  if (production) {
    if (mpesa.kind === 'off' && ecocash.kind === 'off')
      throw new RailsConfigError(
        'production needs a mobile-money rail: set the MPESA_* or the ECOCASH_* settings (docs/OPERATING.md)',
      );
    if (sms === 'africastalking' && africasTalking.kind !== 'real')
      throw new RailsConfigError(
        'production needs an SMS provider: set AT_BASE_URL, AT_USERNAME and AT_API_KEY, or SMS_PROVIDER=http with SMS_GATEWAY_URL',
      );
    if (sms === 'http' && !read(env, 'SMS_GATEWAY_URL'))
      throw new RailsConfigError('SMS_PROVIDER=http needs SMS_GATEWAY_URL');
  }
  return { mpesa, ecocash, billing, africasTalking, smsProvider: sms, emulators: emulators(env) };
}
