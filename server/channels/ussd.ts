// POST /api/ussd (Africa's Talking's callback): works out the screen from the session's inputs
// (ussdMenu.ts), renders it, and pays through the app's submission code when the subscriber pays, or
// subscribes when they confirmed the subscription's price.
// A gateway retry (same sessionId and text) gets the stored answer; a session idle 180 s has expired.
import type { Kysely } from 'kysely';
import {
  type BetslipParams,
  countPicks,
  emptyOutcomes,
  priceCents,
  quickPick,
} from '../../machines/rules/betslip.ts';
import { ussdDigit } from '../../machines/rules/channelPicks.ts';
import type { Database } from '../db/index.ts';
import { buyShares } from '../groups/buy.ts';
import { findByCode } from '../groups/store.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import type { CachedBetslip } from '../play/currentBetslip.ts';
import { isSubscribed, SERVICE_ID, setSubscription } from '../wallet/subscriptions.ts';
import {
  cannotPlay,
  hasAccount,
  preferredLang,
  savePreferredLang,
  slipsText,
  walletText,
} from './phoneData.ts';
import { type ChannelDeps, groupDepsOf, submitChannelSlip } from './submitChannel.ts';
import { type Offer, ussdOffer, ussdSubscribed } from './subscribeTexts.ts';
import {
  accepted,
  groupOffer,
  howToRegister,
  type Lang,
  money,
  multiples,
  picksHelp,
  refusalText,
  say,
  sharesBought,
  shortDate,
} from './texts.ts';
import { fold, inputsOf, MAX_INPUTS, type MenuState, top } from './ussdMenu.ts';

type Db = Kysely<Database>;

/** A session idle longer than this has ended (gateways give up on a screen well before). */
export const USSD_SESSION_MS = 180_000;
/** Most characters a USSD screen shows. */
export const USSD_SCREEN_MAX = 182;

export interface UssdRequest {
  sessionId: string;
  phoneNumber: string;
  text: string;
}

export interface UssdDeps extends ChannelDeps {
  db: Db;
  registerUrl: string;
  /** The terms page, named on the subscription's price screen. */
  termsUrl: string;
  /** The subscription's price and period (site.json). */
  offer: Offer;
  log: { warn(obj: object, msg: string): void };
}

const con = (body: string) => `CON ${body}`;
const end = (body: string) => `END ${body}`;

/** The 14 picks as two lines of seven keypad digits. */
const pickLines = (picks: readonly string[]) =>
  `${picks.slice(0, 7).map(ussdDigit).join('')}\n${picks.slice(7).map(ussdDigit).join('')}`;

interface Session {
  msisdn: string;
  lang: Lang;
  quickPick: string[];
  lastText: string;
  lastAnswer: string;
  updatedAt: Date;
}

async function loadSession(db: Db, sessionId: string): Promise<Session | undefined> {
  const row = await db
    .selectFrom('ussd_sessions')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return (
    row && {
      msisdn: row.msisdn,
      lang: row.lang === 'en' ? 'en' : 'st',
      quickPick: row.quick_pick.split(','),
      lastText: row.last_text,
      lastAnswer: row.last_answer,
      updatedAt: row.updated_at,
    }
  );
}

/** The session, created on its first request (by whichever instance gets it first). */
async function openSession(deps: UssdDeps, sessionId: string, msisdn: string, now: Date): Promise<Session> {
  const betslip = await deps.current.open(now);
  const picks = quickPick(emptyOutcomes(betslip?.matchCount ?? 14), Math.random) as string[];
  const lang = (await preferredLang(deps.db, msisdn)) ?? 'st';
  await deps.db
    .insertInto('ussd_sessions')
    .values({ session_id: sessionId, msisdn, lang, quick_pick: picks.join(','), updated_at: now })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
  const session = await loadSession(deps.db, sessionId);
  if (!session) throw new Error(`USSD session ${sessionId} vanished`);
  return session;
}

/** Answers one USSD request with the text the gateway shows. Never throws for the caller's input. */
export async function answerUssd(deps: UssdDeps, request: UssdRequest): Promise<string> {
  const now = deps.now();
  const msisdn = normaliseMsisdn(request.phoneNumber);
  if (!msisdn || !(await hasAccount(deps.db, msisdn))) {
    const lang = (msisdn && (await preferredLang(deps.db, msisdn))) || 'st';
    return end(howToRegister(lang, deps.registerUrl));
  }
  const existing = await loadSession(deps.db, request.sessionId);
  if (existing) {
    // Another number's session id: not ours to continue.
    if (existing.msisdn !== msisdn) return end(say(existing.lang, 'failed'));
    // A gateway retry of the last request: the same answer, nothing done twice.
    if (existing.lastAnswer && request.text === existing.lastText) return existing.lastAnswer;
    if (now.getTime() - existing.updatedAt.getTime() > USSD_SESSION_MS)
      return end(say(existing.lang, 'expired'));
  }
  const session = existing ?? (await openSession(deps, request.sessionId, msisdn, now));
  const answer = await render(deps, request, session, msisdn, now);
  const fitted = withinScreen(answer, deps);
  await deps.db
    .updateTable('ussd_sessions')
    .set({ last_text: request.text, last_answer: fitted, updated_at: now })
    .where('session_id', '=', request.sessionId)
    .execute();
  return fitted;
}

/** A screen cut to the limit (never expected: the tests hold every screen under it). */
function withinScreen(answer: string, deps: UssdDeps): string {
  if (answer.length <= USSD_SCREEN_MAX) return answer;
  deps.log.warn({ answer }, 'USSD screen over 182 characters');
  return answer.slice(0, USSD_SCREEN_MAX);
}

async function render(deps: UssdDeps, request: UssdRequest, session: Session, msisdn: string, now: Date) {
  if (inputsOf(request.text).length > MAX_INPUTS) return end(say(session.lang, 'invalid'));
  const betslip = await deps.current.open(now);
  const state = fold(request.text, session.lang, {
    quickPick: session.quickPick,
    params: betslip?.params ?? null,
    subscribed: await isSubscribed(deps.db, msisdn),
  });
  const lang = state.lang;
  if (lang !== session.lang && (await preferredLang(deps.db, msisdn)) !== lang) {
    await savePreferredLang(deps.db, msisdn, lang, now);
  }
  if (state.end && 'noRound' in state.end) return end(say(lang, 'noRound'));
  if (state.end && 'subscribe' in state.end) {
    // Confirmed on the screen with the price and period. Setting it is idempotent, and the gateway's
    // retry of this request gets the stored answer.
    await setSubscription(deps.db, msisdn, true, SERVICE_ID, now);
    return end(ussdSubscribed(lang, deps.offer));
  }
  if (state.end && 'buyGroup' in state.end) {
    // One purchase a session: the gateway's retry of the paying request replays this key's answer.
    const answer = await buyShares(
      groupDepsOf(deps),
      msisdn,
      state.end.buyGroup,
      { count: 1, lang },
      `ussd:${request.sessionId}`,
    );
    if (answer.statusCode !== 200) {
      return end(refusalText(lang, (answer.body as { messageKey?: string }).messageKey ?? 'ERRORS.UNKNOWN'));
    }
    const bought = answer.body as { code: string; reference: string };
    const group = await findByCode(deps.db, bought.code);
    return end(
      sharesBought(lang, {
        count: 1,
        name: group?.name ?? bought.code,
        code: bought.code,
        costCents: group?.sharePriceCents ?? 0,
        reference: bought.reference,
      }),
    );
  }
  if (state.end) {
    if (!betslip) return end(say(lang, 'noRound'));
    const answer = await submitChannelSlip(deps, {
      msisdn,
      channel: 'USSD',
      lang,
      betslip,
      outcomes: state.end.pay,
      // One payment a session: the retry of the paying request replays this key's answer.
      key: `ussd:${request.sessionId}`,
    });
    return end(
      answer.ok ? accepted(lang, answer.costCents, answer.reference) : refusalText(lang, answer.messageKey),
    );
  }
  return screen(deps, state, { msisdn, now, betslip: betslip ?? null, quick: session.quickPick });
}

interface ScreenContext {
  msisdn: string;
  now: Date;
  betslip: CachedBetslip | null;
  /** The session's quick pick (the one the fold pays). */
  quick: string[];
}

async function screen(deps: UssdDeps, state: MenuState, ctx: ScreenContext): Promise<string> {
  const { msisdn, now, betslip } = ctx;
  const { lang } = state;
  const prefix =
    state.error === 'INVALID'
      ? `${say(lang, 'invalid')}\n`
      : state.error === 'LIMITS'
        ? `${say(lang, 'tooMany')}\n`
        : '';
  const current = top(state);
  const params = betslip?.params;
  if (['PLAY', 'QUICK', 'PICKS1', 'PICKS2', 'CONFIRM'].includes(current.name)) {
    if (!betslip || !params) return end(say(lang, 'noRound'));
    const why = await cannotPlay(deps.db, msisdn, now);
    if (why) return end(refusalText(lang, why));
  }
  const limits = { multiple: params?.multipleChance ?? 0, triple: params?.thirdChance ?? 0 };
  switch (current.name) {
    case 'MAIN':
      return con(prefix + say(lang, 'menu'));
    case 'PLAY': {
      const closes = lang === 'en' ? 'Closes' : 'E koala';
      const choices =
        lang === 'en' ? '1. Quick pick\n2. Enter picks' : '1. Khetho ka potlako\n2. Kenya likhetho';
      return con(
        `${prefix}Jackpot 14 - ${closes} ${shortDate(betslip?.endAt ?? now)}\n${choices}\n${say(lang, 'back')}`,
      );
    }
    case 'QUICK':
      return con(`${prefix}${confirmText(lang, state, ctx.quick, params)}`);
    case 'PICKS1':
      return con(`${prefix}${picksHelp(lang, 1, limits)}\n${say(lang, 'back')}`);
    case 'PICKS2':
      return con(`${prefix}${picksHelp(lang, 8, limits)}\n${say(lang, 'back')}`);
    case 'CONFIRM':
      return con(`${prefix}${confirmText(lang, state, current.picks, params)}`);
    case 'WALLET':
      return con(`${prefix}${await walletText(deps.db, msisdn, lang, 3)}\n${say(lang, 'backHome')}`);
    case 'SLIPS':
      return con(`${prefix}${await slipsText(deps.db, msisdn, lang, 3)}\n${say(lang, 'backHome')}`);
    case 'LANG':
      return con(`${prefix}${say(lang, 'languages')}\n${say(lang, 'back')}`);
    case 'SUBSCRIBE':
      return con(`${prefix}${ussdOffer(lang, deps.offer, deps.termsUrl)}`);
    case 'GROUP_CODE':
      return con(`${prefix}${say(lang, 'groupCode')}\n${say(lang, 'back')}`);
    case 'GROUP': {
      const group = await findByCode(deps.db, current.code);
      if (!group) return end(refusalText(lang, 'GROUP.UNKNOWN'));
      if (group.status !== 'OPEN' || now.getTime() >= group.closesAt.getTime()) {
        return end(refusalText(lang, group.status === 'CANCELLED' ? 'GROUP.CANCELLED' : 'GROUP.CLOSED'));
      }
      if (group.sold >= group.shares) return end(refusalText(lang, 'GROUP.FULL'));
      const offer = groupOffer(lang, {
        name: group.name.slice(0, 40),
        sharePriceCents: group.sharePriceCents,
        left: group.shares - group.sold,
      });
      return con(`${prefix}${offer}\n${say(lang, 'back')}`);
    }
  }
}

/** The picks, their multiples and price, and how to pay. */
function confirmText(
  lang: Lang,
  state: MenuState,
  picks: readonly string[],
  params: BetslipParams | undefined,
) {
  if (!params) return '';
  const { doubles, triples } = countPicks(picks);
  const title = top(state).name === 'QUICK' ? say(lang, 'quickPick') : say(lang, 'yourPicks');
  const multi = multiples(lang, doubles, triples);
  return [
    title,
    pickLines(picks),
    ...(multi ? [multi] : []),
    `${say(lang, 'price')}: ${money(priceCents(params, picks))}`,
    say(lang, 'pay'),
    say(lang, 'backHome'),
  ].join('\n');
}
