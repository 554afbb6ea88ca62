// Content at every field's longest, built through the server's own routes, and the in-page measure of
// what breaks the layout rules (docs/CONTRACTS.md "Longest content"), for tests/e2e/longest-content.test.ts. Plain
// functions over a server's URL, so a script can build the same content on a server to look at.
import type { Page } from 'playwright-core';
import { ROUND_TEXT_LIMITS } from '../../machines/rules/roundTextLimits.ts';
import { BETSLIP_PARAMS } from '../support/rounds.ts';

export const SUBSCRIBER = '26650000001';
const MOBILE = `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`;

/** Limits the server enforces (the wire schemas), written out here so a change there is noticed. */
const SID_MAX = 32; // CreateBetslipBody.sid: '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$'
const GROUP_NAME_MAX = 40; // CreateGroupBody.name, MAX_GROUP_NAME
const TESTIMONIAL = { name: 80, occupation: 80, text: 600 }; // TestimonialBody
/** OperatorMoney: the largest prize pool the server takes. */
export const LARGEST_PRIZE = 100_000_000;
/** MAX_SLIP_PRICE: the dearest slip a round's parameters may allow. */
export const DEAREST_SLIP = 100_000;

/** Every long name starts with this (a Sesotho-looking word). */
const MARK = 'Bohlokoa';
/** An unbroken word of `length` characters: the mark, a tag, then wide letters ('W' and 'M' the widest). */
const word = (length: number, tag: string) => `${MARK}${tag}${'WMwm'.repeat(length)}`.slice(0, length);
/** A 32-character sid of wide letters (each slip's reference starts with it). */
const sid = (last: string) => `${'W'.repeat(SID_MAX - 1)}${last}`;
export const SID_WON = sid('A');
export const SID_LIVE = sid('B');
/** How the won and live rounds' slips are found on /results. */
const SID_MARK = 'WWWWWWWW';

/** The subscriber's picks on the won round (1 home, 3 draw, 2 away) and the results that make them right. */
const PICKS = [1, 3, 2, 1, 1, 2, 3, 3, 2, 1, 2, 3, 1, 2] as const;
const RESULT_OF = { 1: 'HOME_WIN', 3: 'DRAW', 2: 'AWAY_WIN' } as const;

const round = (id: string, endAt: Date, params: object) => ({
  sid: id,
  endDate: endAt.toISOString(),
  matches: Array.from({ length: 14 }, (_, i) => ({
    tournament: word(ROUND_TEXT_LIMITS.tournament, `${i}T`),
    startDate: new Date(endAt.getTime() + 60_000).toISOString(),
    homeTeam: word(ROUND_TEXT_LIMITS.team, `${i}H`),
    awayTeam: word(ROUND_TEXT_LIMITS.team, `${i}A`),
  })),
  betslipParams: params,
  // Every tier at the largest pool the server takes.
  prizes: [14, 13, 12, 7, 6].map((prizeType) => ({ prizeType, amount: LARGEST_PRIZE })),
});

export interface Made {
  /** The group's code. */
  code: string;
  /** The signed receipts of the live round's dear slip and of the group's slip, for /verify. */
  dearJws: string;
  groupJws: string;
}

/**
 * Builds, through the routes marketing, the operator and the demo subscriber use: a testimonial in each
 * language at its longest; a round (jackpot and 13 tier at the largest pool) that the subscriber wins
 * alone and, as captain of a group with the longest name, wins the 13 tier with alone, settled; and the
 * next round live, with a slip at the dearest price on it. Throws, saying why, when a route refuses.
 */
export async function makeLongestContent(url: string): Promise<Made> {
  const send = async (path: string, body: unknown, token: string | null, headers = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const get = async <T>(path: string, token: string | null): Promise<T> => {
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const tokenOf = async (username: string, password: string) => {
    const res = await fetch(`${url}/auth/realms/commxp/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { authorization: MOBILE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'mobile',
        grant_type: 'password',
        username,
        password,
      }).toString(),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const admin = await tokenOf('admin', 'admin1234');
  const subscriber = await tokenOf(SUBSCRIBER, 'demo1234');
  const asAdmin = (path: string, body: unknown = {}) => send(`/api/admin/${path}`, body, admin);
  const paying = (path: string, body: unknown) =>
    send(`/api/protected/${path}`, body, subscriber, { 'idempotency-key': crypto.randomUUID() });
  const closeCurrent = (played: boolean) =>
    send(`/dev/close-current-betslip${played ? '?played=1' : ''}`, {}, null);
  const expectThat = (what: string, holds: boolean) => {
    if (!holds) throw new Error(what);
  };

  for (const lang of ['st', 'en'] as const)
    await asAdmin('testimonials', {
      lang,
      name: word(TESTIMONIAL.name, 'N'),
      occupation: word(TESTIMONIAL.occupation, 'O'),
      testimonial: word(TESTIMONIAL.text, 'X'),
    });

  // The won round goes live at once (the demo round ends); the live one waits behind it.
  await asAdmin('betslips', round(SID_WON, new Date(Date.now() + 60 * 60_000), BETSLIP_PARAMS));
  await asAdmin(`betslips/${SID_WON}/publish`);
  await closeCurrent(false);
  const dear = { ...BETSLIP_PARAMS, defaultBetslipPrice: DEAREST_SLIP, thirdChance: 0, multipleChance: 0 };
  await asAdmin('betslips', round(SID_LIVE, new Date(Date.now() + 24 * 60 * 60_000), dear));
  const published = await asAdmin(`betslips/${SID_LIVE}/publish`);
  expectThat(`${SID_LIVE} waits behind ${SID_WON}`, published.status === 'SCHEDULED');

  // The subscriber's slip: all 14 right. The group's (every share the captain's): 13 right.
  const picks = (predictions: readonly number[]) =>
    predictions.map((prediction, i) => ({ betSlipPosition: i, prediction }));
  await paying('submit-online-betslip', {
    lang: 'en',
    betSlipSid: SID_WON,
    positionAndPredictionDtos: picks(PICKS),
    betSlipCost: BETSLIP_PARAMS.defaultBetslipPrice,
  });
  const group = await paying('groups', {
    lang: 'en',
    betSlipSid: SID_WON,
    positionAndPredictionDtos: picks([2, ...PICKS.slice(1)]),
    name: word(GROUP_NAME_MAX, 'G'),
    shares: 2,
    captainShares: 2,
    unsold: 'CANCEL',
  });
  const code = String(group.code);

  // Closed and played; the results the subscriber picked; settled: each tier's whole pool to one winner.
  await closeCurrent(true);
  await asAdmin(`betslips/${SID_WON}/results`, {
    results: PICKS.map((p, i) => ({ position: i + 1, result: RESULT_OF[p] })),
  });
  const settled = await asAdmin(`betslips/${SID_WON}/settle`);
  expectThat(`both pools paid whole: ${JSON.stringify(settled)}`, settled.paid === 2 * LARGEST_PRIZE);

  // The live round: one slip at the dearest price, paid from the winnings.
  const current = await get<{ sid: string }>('/api/protected/fetch-current-betslip', subscriber);
  expectThat(`${SID_LIVE} is live`, current.sid === SID_LIVE);
  const dearSlip = (await paying('submit-online-betslip', {
    lang: 'en',
    betSlipSid: SID_LIVE,
    positionAndPredictionDtos: picks(PICKS),
    betSlipCost: DEAREST_SLIP,
  })) as { receipt: { jws: string } };
  const groupView = await get<{ status: string; receipt: { jws: string } | null }>(
    `/api/protected/groups/${code}`,
    subscriber,
  );
  expectThat(`the group is settled: ${groupView.status}`, groupView.status === 'SETTLED');
  return { code, dearJws: dearSlip.receipt.jws, groupJws: groupView.receipt?.jws ?? '' };
}

export type Who = 'visitor' | 'subscriber' | 'admin';
export interface Screen {
  name: string;
  path: (made: Made) => string;
  /** What to open once there (slips, a sheet, a look-up) before measuring. */
  open?: (page: Page) => Promise<void>;
}

const WAIT = { timeout: 15_000 };
const at = (path: string): Screen => ({ name: path, path: () => path });

/** Every screen that shows the content, by who sees it. */
export const SCREENS: Record<Who, Screen[]> = {
  visitor: [
    at('/rounds'),
    { name: '/g/<code>', path: (m) => `/g/${m.code}` },
    { name: '/verify (slip)', path: (m) => `/verify#${m.dearJws}` },
    { name: '/verify (group)', path: (m) => `/verify#${m.groupJws}` },
  ],
  subscriber: [
    at('/play'),
    {
      name: '/play (receipt)',
      path: () => '/play',
      open: async (page) => {
        await page.locator('.played-round .played-slip').first().click();
        await page.getByRole('dialog').waitFor(WAIT);
      },
    },
    {
      name: '/results',
      path: () => '/results',
      open: async (page) => {
        const ours = page.locator('li.slip').filter({ hasText: SID_MARK });
        await ours.first().waitFor(WAIT);
        for (const slip of await ours.all()) {
          await slip.locator('.slip-head').click();
          await slip.locator('.slip-body').waitFor(WAIT);
        }
      },
    },
    at('/wallet'),
    {
      name: '/wallet?tab=transactions',
      path: () => '/wallet?tab=transactions',
      open: async (page) => {
        // Each move opened: its balance after and its reference.
        const moves = page.locator('.move summary');
        await moves.first().waitFor(WAIT);
        for (const move of await moves.all()) await move.click();
      },
    },
    at('/wallet?tab=cashout'),
    at('/wallet?tab=buy'),
    at('/groups'),
    { name: '/g/<code> (member)', path: (m) => `/g/${m.code}` },
    at('/rounds'),
    at('/account'),
  ],
  admin: [
    at('/admin'),
    at('/marketing'),
    {
      name: '/support',
      path: () => '/support',
      open: async (page) => {
        await page.locator('input[name="msisdn"]').fill(SUBSCRIBER);
        await page.locator('main form button[type="submit"]').click();
        await page.getByTestId('support-slip').first().waitFor(WAIT);
      },
    },
  ],
};

/**
 * What on the page breaks the rules, measured in the page (passed to page.evaluate, so self-contained):
 * the page wider than the viewport; any text cut without an ellipsis, or out of a box around it; an
 * amount (M 1,234.56) on more than one line, cut at all, or out of a box around it. A box that scrolls
 * sideways by design (a wide table on a phone) holds what it holds; a carousel's other slides lie beside
 * it by design, so each slide is measured in itself.
 */
export function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const rootWidth = document.documentElement.scrollWidth;
  if (rootWidth > width) problems.push(`the page is ${rootWidth} px wide`);

  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`;

  /**
   * How the text in `range` breaks a rule, or null. Its box must lie inside every box around it up to
   * the page (a box that clips it may cut a name with an ellipsis, never an amount); an amount's own boxes
   * (its card, with its padding and background) must lie inside theirs too.
   */
  const check = (range: Range, where: string, amount: boolean): string | null => {
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (rects.length === 0) return null; // not shown
    const text = range.toString();
    const label = `${amount ? 'amount' : 'text'} '${text.length > 24 ? `${text.slice(0, 24)}…` : text}' (${where})`;
    let box = {
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
      top: Math.min(...rects.map((r) => r.top)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
    };
    if (amount && Math.max(...rects.map((r) => r.top)) - box.top > 2) return `${label} breaks over lines`;
    let what = label;
    const past = (r: DOMRect) => `${Math.round(Math.max(r.left - box.left, box.right - r.right))} px`;
    for (let el = range.startContainer.parentElement; el && el !== document.body; el = el.parentElement) {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      const clips = style.overflowX !== 'visible';
      if (clips && r.width <= 2) return null; // visually hidden, for screen readers
      const out = box.left < r.left - 1 || box.right > r.right + 1;
      if (out && clips) {
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return null; // reachable
        if (!amount && style.textOverflow === 'ellipsis') return null; // cut with an ellipsis: fine
        return `${what} is cut by ${describe(el)} (${past(r)})`;
      }
      const block = !style.display.startsWith('inline') && style.display !== 'contents';
      if (out && block) return `${what} sticks out of ${describe(el)} (${past(r)})`;
      const clipsBelow = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (clipsBelow && box.bottom > r.bottom + 1 && box.top < r.bottom) {
        const clamped = style.getPropertyValue('-webkit-line-clamp') !== 'none';
        return amount || !clamped ? `${what} is cut at the bottom of ${describe(el)}` : null;
      }
      // A carousel's slide is its own screen; a fixed or absolute box is not laid out in its parents.
      if (el.classList.contains('carousel-slide')) return null;
      if (style.position === 'fixed' || style.position === 'absolute') break;
      if (amount && block) {
        // A negative margin sets a box out of its parent on purpose (a bar bleeding to the edge).
        const bleed = (margin: string) => Math.max(0, -Number.parseFloat(margin));
        box = {
          left: r.left + bleed(style.marginLeft),
          right: r.right - bleed(style.marginRight),
          top: r.top,
          bottom: r.bottom,
        };
        what = `the box ${describe(el)} around ${label}`;
      }
    }
    if (box.left < -1 || box.right > width + 1) return `${what} is off the screen`;
    return null;
  };

  const MONEY = /(M\.? )?-?\d{1,3}(?:,\d{3})*\.\d{2}(?!\d)/g;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const value = node.nodeValue ?? '';
    if (!parent || parent.closest('select, option, script, style, svg, template, textarea')) continue;
    const where = describe(parent);
    for (const match of value.matchAll(MONEY)) {
      // An amount in a box of its own keeps its M; in a sentence, its digits hold together.
      const alone = parent.textContent?.trim() === match[0];
      const from = (match.index ?? 0) + (alone ? 0 : (match[1]?.length ?? 0));
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, (match.index ?? 0) + match[0].length);
      const problem = check(range, where, true);
      if (problem) problems.push(problem);
    }
    if (value.trim()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const problem = check(range, where, false);
      if (problem) problems.push(problem);
    }
  }
  return [...new Set(problems)];
}
