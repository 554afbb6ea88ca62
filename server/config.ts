// Server configuration from the environment (CONTRACTS.md "Server"). Demo defaults make `npm start` work
// on a fresh clone; production (NODE_ENV=production) refuses them so a deployment cannot run on secrets
// that are printed in the README.
import { join } from 'node:path';
import { PGLITE_DEFAULTS, PGLITE_LIMITS, type PgliteSettings, parseSize } from './db/pgliteSettings.ts';
import { projectRoot } from './paths.ts';
import { loadRailsConfig, type RailsConfig } from './railsConfig.ts';

/** Password-hash cost (argon2id). Tests lower it: hashing is deliberately slow. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Config {
  port: number;
  host: string;
  /** Embedded database folder parent; 'memory://' keeps PGlite in memory (tests). */
  dataDir: string;
  /** Real PostgreSQL when set; the embedded PGlite otherwise. */
  databaseUrl: string | undefined;
  /** The embedded database's memory settings (PGLITE_SHARED_BUFFERS, PGLITE_WORK_MEM). */
  pglite: PgliteSettings;
  production: boolean;
  /** Demo data, demo accounts, the dev SMS outbox and /dev routes. Never in production. */
  demo: boolean;
  /** Access-token lifetime in seconds: also how long a revoked session's access tokens keep working. */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds. */
  refreshTokenTtl: number;
  /** Client id → secret of the identity provider's confidential clients. */
  clients: { mobile: string; website: string };
  /** Mixed into OTP hashes so a leaked table alone does not reveal codes. */
  otpPepper: string;
  /**
   * Public origin (https://example.org): the only token issuer. Required in production; when unset (demo,
   * development) the issuer is the request's own origin and a token is accepted only on that origin.
   */
  publicUrl: string | undefined;
  /** Behind a load balancer: take the client IP (rate limits) and scheme from X-Forwarded-*. */
  trustProxy: boolean;
  logLevel: string;
  argon2: Argon2Cost;
  /** A real SMS gateway (HTTP POST of {to, text}); production needs it to send OTPs. */
  smsGateway: { url: string; token: string | undefined } | undefined;
  /** The mobile-money simulator (demo mode) and how long a request waits for any provider. */
  mobileMoney: MobileMoneyConfig;
  /** Mobile-money deposits: the callback's signing secret and the simulator's outcome. */
  deposits: DepositConfig;
  /**
   * Demo only: subscribers whose simulated airtime is too low for any charge (OPERATOR_BILLING_INSUFFICIENT,
   * comma-separated msisdns), so a short wallet answers 402 and top up and play can be seen.
   */
  billingInsufficient: string[];
  /** How often pending cash-outs are reconciled with the provider (ms; 0 = never, e.g. in tests). */
  reconcileIntervalMs: number;
  /** Web push: VAPID keys from the environment (else generated and kept in DATA_DIR) and the contact. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /**
   * The Ed25519 key that signs slip receipts (RECEIPT_SIGNING_KEY: a PKCS#8 PEM or a private OKP JWK);
   * when unset, generated and kept in DATA_DIR (server/play/receiptKey.ts).
   */
  receiptSigningKey: string | undefined;
  /** The newest app version as GET /api/web-registration/check-version announces it. */
  newestVersion: { version: string; isCritical: boolean; displayMessage: string; link: string };
  /** Where Android users download the native app; null hides the app-download toast. */
  mobileAppUrl: string | null;
  /** Caps on paid and shared resources, counted in the database so every instance shares them. */
  limits: AbuseLimits;
  /**
   * Origins allowed to call /api and /auth from another origin (CORS_ORIGINS): the bundled Android app
   * runs at https://localhost (capacitor://localhost on iOS) and calls the API with a bearer token.
   */
  corsOrigins: string[];
  /**
   * The USSD and SMS gateways' shared secret, sent as ?token= on their callbacks (USSD_GATEWAY_TOKEN).
   * Unset in demo; production without it does not take phone-channel callbacks at all.
   */
  gatewayToken: string | undefined;
  /**
   * The operator's content (CONTENT_DIR): terms, privacy policy, support contacts, social links, the
   * subscription's price and period (server/content/siteContent.ts). Defaults to the shipped demo content.
   */
  contentDir: string;
  /** The payment and messaging rails (server/railsConfig.ts): real, emulated (demo) or not offered. */
  rails: RailsConfig;
  /** Bearer token GET /metrics asks for (METRICS_TOKEN); unset: /metrics is not served. */
  metricsToken: string | undefined;
}

export interface AbuseLimits {
  /** OTP SMS sent per client address per minute (OTP_SENDS_PER_ADDRESS_PER_MINUTE). */
  otpSendsPerAddressPerMinute: number;
  /** OTP SMS sent per minute in all, whoever asks: the ceiling on SMS spend (OTP_SENDS_PER_MINUTE). */
  otpSendsPerMinute: number;
  /**
   * Accounts that may fail to sign in from one address per 15 minutes before it is refused new ones
   * (LOGIN_FAILED_ACCOUNTS_PER_ADDRESS). High: behind carrier NAT one address is many subscribers.
   */
  loginFailedAccountsPerAddress: number;
}

export interface MobileMoneyConfig {
  /** Simulated provider delay before it answers (MOBILE_MONEY_LATENCY_MS). */
  latencyMs: number;
  /** Probability 0..1 that the simulated provider refuses a payment (MOBILE_MONEY_FAILURE_RATE). */
  failureRate: number;
  /** The simulated provider takes payments but never answers (MOBILE_MONEY_HANG). */
  hang: boolean;
  /** How long a request waits for the provider before leaving a cash-out pending (MOBILE_MONEY_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface DepositConfig {
  /** Key of the HMAC-SHA256 the provider signs its deposit callbacks with (MOBILE_MONEY_CALLBACK_SECRET). */
  callbackSecret: string;
  /** What the simulated subscriber does with a deposit prompt (MOBILE_MONEY_DEPOSIT_OUTCOME). */
  simulatedOutcome: DepositOutcomeSetting;
}

/** confirm: pays; cancel: declines (1032); timeout: never answers the prompt (1037); never: pays, but the
 * provider's callback is lost (only the status query tells). */
export const DEPOSIT_OUTCOMES = ['confirm', 'cancel', 'timeout', 'never'] as const;
export type DepositOutcomeSetting = (typeof DEPOSIT_OUTCOMES)[number];

function depositOutcome(env: Env): DepositOutcomeSetting {
  const raw = read(env, 'MOBILE_MONEY_DEPOSIT_OUTCOME') ?? 'confirm';
  const found = DEPOSIT_OUTCOMES.find((o) => o === raw.toLowerCase());
  if (!found)
    throw new ConfigError(`MOBILE_MONEY_DEPOSIT_OUTCOME must be one of ${DEPOSIT_OUTCOMES.join(', ')}`);
  return found;
}

/** Raised for a configuration the server must not start with. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEMO_SECRETS = {
  MOBILE_CLIENT_SECRET: 'mobile-secret',
  WEBSITE_CLIENT_SECRET: 'website-secret',
  OTP_PEPPER: 'demo-otp-pepper',
  MOBILE_MONEY_CALLBACK_SECRET: 'demo-callback-secret',
} as const;

/** Production secrets must be at least this long: 'changeme' is not a secret. */
const MIN_SECRET_LENGTH = 16;

type Env = Record<string, string | undefined>;

/** An env value, with '' treated as unset (the e2e harness passes DATABASE_URL=''). */
const read = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

function fraction(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 1) {
    throw new ConfigError(`${name} must be a number between 0 and 1, got "${raw}"`);
  }
  return n;
}

/** A size in kB from a PostgreSQL-style value ('32MB', '4096kB', '1GB') between `min` and `max` kB. */
function size(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const kb = parseSize(raw);
  if (kb === undefined || kb < min || kb > max) {
    throw new ConfigError(
      `${name} must be a size like 32MB between ${min}kB and ${max / 1024}MB, got "${raw}"`,
    );
  }
  return kb;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function secret(env: Env, name: keyof typeof DEMO_SECRETS, production: boolean): string {
  const value = read(env, name);
  if (!production) return value ?? DEMO_SECRETS[name];
  if (!value) throw new ConfigError(`${name} is required in production`);
  if (value === DEMO_SECRETS[name])
    throw new ConfigError(`${name} must not be the demo secret in production`);
  if (value.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters in production`);
  }
  return value;
}

/**
 * The public origin, the token issuer. Production requires it (https): a Host-derived issuer would let any
 * client choose what the discovery document advertises and which issuer tokens carry.
 */
function publicUrl(env: Env, production: boolean): string | undefined {
  const raw = read(env, 'PUBLIC_URL');
  if (raw === undefined) {
    if (production) throw new ConfigError('PUBLIC_URL is required in production');
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('PUBLIC_URL must be http(s)');
  }
  if (production && url.protocol !== 'https:')
    throw new ConfigError('PUBLIC_URL must be https in production');
  return url.origin;
}

/** The bundled Capacitor app's origins: Android (https, or http with cleartext), iOS. */
export const DEFAULT_CORS_ORIGINS = ['capacitor://localhost', 'https://localhost', 'http://localhost'];

/** A serialised origin: scheme://host[:port], no path, no wildcard (capacitor: is a scheme like https:). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;

function corsOrigins(env: Env): string[] {
  const raw = read(env, 'CORS_ORIGINS');
  if (raw === undefined) return DEFAULT_CORS_ORIGINS;
  const origins = raw
    .split(',')
    .map((o) => o.trim().toLowerCase())
    .filter(Boolean);
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) {
      throw new ConfigError(`CORS_ORIGINS must be origins like https://app.example, got "${origin}"`);
    }
  }
  return origins;
}

function vapidKeys(env: Env): Config['vapid'] {
  const publicKey = read(env, 'VAPID_PUBLIC_KEY');
  const privateKey = read(env, 'VAPID_PRIVATE_KEY');
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const b64url = /^[A-Za-z0-9_-]+$/;
  // An uncompressed P-256 point is 65 bytes (87 base64url characters), the private scalar 32 (43).
  if (!b64url.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)');
  }
  if (!b64url.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new ConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
  }
  return { publicKey, privateKey };
}

function vapidSubject(env: Env): string {
  const raw = read(env, 'VAPID_SUBJECT') ?? 'mailto:support@jackpot14.example';
  if (!/^(mailto:|https:\/\/)/.test(raw))
    throw new ConfigError('VAPID_SUBJECT must be a mailto: or https: URL');
  return raw;
}

/** Reads and checks the configuration; throws ConfigError for one the server must not start with. */
export function loadConfig(env: Env = process.env): Config {
  const production = read(env, 'NODE_ENV') === 'production';
  const demo = boolean(env, 'DEMO', !production);
  if (production && demo) throw new ConfigError('DEMO cannot be enabled in production');
  const smsUrl = read(env, 'SMS_GATEWAY_URL');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: read(env, 'DATA_DIR') ?? './data',
    databaseUrl: read(env, 'DATABASE_URL'),
    pglite: {
      sharedBuffersKb: size(
        env,
        'PGLITE_SHARED_BUFFERS',
        PGLITE_DEFAULTS.sharedBuffersKb,
        PGLITE_LIMITS.sharedBuffersKb.min,
        PGLITE_LIMITS.sharedBuffersKb.max,
      ),
      workMemKb: size(
        env,
        'PGLITE_WORK_MEM',
        PGLITE_DEFAULTS.workMemKb,
        PGLITE_LIMITS.workMemKb.min,
        PGLITE_LIMITS.workMemKb.max,
      ),
    },
    production,
    demo,
    // Keycloak's default: a revoked sign-in session's access tokens stop working within five minutes.
    // As short as 10 s so an end-to-end test can watch tokens expire and be refreshed.
    accessTokenTtl: integer(env, 'ACCESS_TOKEN_TTL', 300, 10, 86_400),
    refreshTokenTtl: integer(env, 'REFRESH_TOKEN_TTL', 2_592_000, 60, 31_536_000),
    clients: {
      mobile: secret(env, 'MOBILE_CLIENT_SECRET', production),
      website: secret(env, 'WEBSITE_CLIENT_SECRET', production),
    },
    otpPepper: secret(env, 'OTP_PEPPER', production),
    publicUrl: publicUrl(env, production),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    // OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms a hash on one core.
    argon2: {
      memoryCost: integer(env, 'ARGON2_MEMORY_KIB', 19_456, 1024, 1_048_576),
      timeCost: integer(env, 'ARGON2_TIME_COST', 2, 1, 10),
      parallelism: 1,
    },
    smsGateway: smsUrl ? { url: smsUrl, token: read(env, 'SMS_GATEWAY_TOKEN') } : undefined,
    mobileMoney: {
      latencyMs: integer(env, 'MOBILE_MONEY_LATENCY_MS', 300, 0, 600_000),
      failureRate: fraction(env, 'MOBILE_MONEY_FAILURE_RATE', 0),
      hang: boolean(env, 'MOBILE_MONEY_HANG', false),
      timeoutMs: integer(env, 'MOBILE_MONEY_TIMEOUT_MS', 15_000, 1, 600_000),
    },
    deposits: {
      callbackSecret: secret(env, 'MOBILE_MONEY_CALLBACK_SECRET', production),
      simulatedOutcome: depositOutcome(env),
    },
    billingInsufficient: (read(env, 'OPERATOR_BILLING_INSUFFICIENT') ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
    reconcileIntervalMs: integer(env, 'RECONCILE_INTERVAL_MS', 10_000, 0, 86_400_000),
    vapid: vapidKeys(env),
    vapidSubject: vapidSubject(env),
    receiptSigningKey: read(env, 'RECEIPT_SIGNING_KEY'),
    newestVersion: {
      version: read(env, 'APP_VERSION') ?? '1.0.0',
      isCritical: boolean(env, 'APP_CRITICAL', false),
      displayMessage: read(env, 'APP_DISPLAY_MESSAGE') ?? '',
      link: read(env, 'APP_LINK') ?? read(env, 'MOBILE_APP_URL') ?? '/',
    },
    mobileAppUrl: read(env, 'MOBILE_APP_URL') ?? null,
    limits: {
      otpSendsPerAddressPerMinute: integer(env, 'OTP_SENDS_PER_ADDRESS_PER_MINUTE', 10, 1, 100_000),
      otpSendsPerMinute: integer(env, 'OTP_SENDS_PER_MINUTE', 60, 1, 1_000_000),
      loginFailedAccountsPerAddress: integer(env, 'LOGIN_FAILED_ACCOUNTS_PER_ADDRESS', 100, 1, 1_000_000),
    },
    corsOrigins: corsOrigins(env),
    gatewayToken: read(env, 'USSD_GATEWAY_TOKEN'),
    contentDir: read(env, 'CONTENT_DIR') ?? join(projectRoot, 'content'),
    rails: loadRailsConfig(env, production, demo),
    metricsToken: read(env, 'METRICS_TOKEN'),
  };
}
