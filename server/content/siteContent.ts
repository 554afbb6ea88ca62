// Operator-set content (CONTENT_DIR): site.json (support contacts, social links, the subscription's price
// and billing period, the terms' version) and the terms and privacy policy as Markdown, one file per
// language (terms.st.md, terms.en.md, …). Read and checked once at start-up: a broken file stops the
// server with a clear message rather than show subscribers a half-empty page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LANGS = ['st', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DOCS = ['terms', 'privacy'] as const;
export type Doc = (typeof DOCS)[number];
export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

export interface SiteInfo {
  termsVersion: string;
  support: { phone: string; sms: string; whatsapp: string; email: string; location: string };
  social: { name: string; url: string }[];
  /** The subscription fee in maloti per billing period. */
  subscription: { price: number; period: Period };
}

export interface SiteContent {
  site: SiteInfo;
  /** Markdown source by document and language. */
  docs: Record<Doc, Record<Lang, string>>;
}

class ContentError extends Error {
  constructor(dir: string, what: string) {
    super(`CONTENT_DIR ${dir}: ${what}`);
  }
}

const text = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.length <= max && !value.includes('\0');

/** Only web links: a social entry is shown as a link, so javascript: or data: must never get there. */
const webUrl = (value: unknown): value is string => text(value, 500) && /^https:\/\/[^\s]+$/.test(value);

function checkSite(dir: string, raw: unknown): SiteInfo {
  const fail = (what: string): never => {
    throw new ContentError(dir, `site.json: ${what}`);
  };
  if (typeof raw !== 'object' || raw === null) return fail('not an object');
  const o = raw as Record<string, unknown>;
  if (!text(o.termsVersion, 40) || !/^[\w.-]+$/.test(o.termsVersion))
    fail('termsVersion (letters, digits, . - _)');
  const s = (o.support ?? {}) as Record<string, unknown>;
  for (const key of ['phone', 'sms', 'whatsapp', 'email', 'location']) {
    if (!text(s[key])) fail(`support.${key} (text; empty to hide it)`);
  }
  for (const key of ['phone', 'sms', 'whatsapp']) {
    if (s[key] && !/^\+?[\d ]{6,20}$/.test(s[key] as string)) fail(`support.${key} (a phone number)`);
  }
  if (s.email && !/^[^\s@<>]+@[^\s@<>]+$/.test(s.email as string)) fail('support.email');
  if (!Array.isArray(o.social) || !o.social.every((x) => text(x?.name, 40) && webUrl(x?.url))) {
    fail('social ([{name, url: https://…}])');
  }
  const sub = (o.subscription ?? {}) as Record<string, unknown>;
  const price = sub.price;
  if (
    typeof price !== 'number' ||
    !Number.isFinite(price) ||
    price < 0 ||
    Math.round(price * 100) !== price * 100
  ) {
    fail('subscription.price (maloti, at most two decimals)');
  }
  if (!PERIODS.includes(sub.period as Period)) fail(`subscription.period (${PERIODS.join(', ')})`);
  return {
    termsVersion: o.termsVersion as string,
    support: {
      phone: s.phone as string,
      sms: s.sms as string,
      whatsapp: s.whatsapp as string,
      email: s.email as string,
      location: s.location as string,
    },
    social: (o.social as { name: string; url: string }[]).map(({ name, url }) => ({ name, url })),
    subscription: { price: price as number, period: sub.period as Period },
  };
}

export function loadContent(dir: string): SiteContent {
  const read = (name: string) => {
    const file = join(dir, name);
    if (!existsSync(file)) throw new ContentError(dir, `${name} is missing`);
    return readFileSync(file, 'utf8');
  };
  let raw: unknown;
  try {
    raw = JSON.parse(read('site.json'));
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(dir, `site.json is not JSON (${(error as Error).message})`);
  }
  const site = checkSite(dir, raw);
  const docs = {} as SiteContent['docs'];
  for (const doc of DOCS) {
    docs[doc] = {} as Record<Lang, string>;
    for (const lang of LANGS) docs[doc][lang] = read(`${doc}.${lang}.md`);
  }
  return { site, docs };
}
