// POST /api/sms/inbound: one SMS command, answered by SMS through the SMS provider. Each provider
// message id is worked once (sms_inbound); a repeat only re-sends a reply that could not be sent.
// Subscribing takes two messages: SUBSCRIBE is answered with the price, the period and the terms, and only
// a YES within 10 minutes of that answer subscribes (the inbound log, sms_inbound, is the state).
import { emptyOutcomes, quickPick } from '../../machines/rules/betslip.ts';
import { formatSmsPicks } from '../../machines/rules/channelPicks.ts';
import { buyShares } from '../groups/buy.ts';
import { findByCode } from '../groups/store.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import { claimSlipCode, paidUnderCode } from '../play/slipCodes.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { isSubscribed, SERVICE_ID, setSubscription } from '../wallet/subscriptions.ts';
import { hasAccount, preferredLang, slipsText, walletText } from './phoneData.ts';
import { parseSmsCommand, type SmsCommand } from './smsCommands.ts';
import {
  type ChannelAnswer,
  type ChannelDeps,
  groupDepsOf,
  submitChannelSlip,
  toChannelAnswer,
} from './submitChannel.ts';
import {
  alreadySubscribed,
  nothingToConfirm,
  type Offer,
  SMS_CONFIRM_WINDOW_MS,
  smsOffer,
  smsSubscribed,
  subscribeHint,
} from './subscribeTexts.ts';
import { howToRegister, type Lang, money, refusalText, say, sharesBought } from './texts.ts';

export interface SmsDeps extends ChannelDeps {
  registerUrl: string;
  /** The terms page, named with the subscription's price. */
  termsUrl: string;
  /** The subscription's price and period (site.json). */
  offer: Offer;
  sms: SmsProvider;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface InboundSms {
  from: string;
  text: string;
  id: string;
}

const HELP: Record<Lang, string> = {
  en: 'Jackpot 14 by SMS: PLAY and 14 picks (1 home, 2 away, 3 draw, (12) for two), e.g. PLAY 1(12)3123123123123. PLAY QP: quick pick. BAL: wallet. RESULTS: your slips. SUBSCRIBE: price and subscribing.',
  st: 'Jackpot 14 ka SMS: BAPALA le likhetho tse 14 (1 hae, 2 baeti, 3 tekano, (12) bakeng sa tse peli), mohl. BAPALA 1(12)3123123123123. BAPALA QP: ka potlako. CHELETE: mokotla oa chelete. LIPHETHO: li-slip. NGOLISETSA: theko le ho ingolisetsa.',
};

const GROUP_HELP: Record<Lang, string> = {
  en: 'To join a group: GROUP and its 6-digit code, and how many shares (one if none), e.g. GROUP 123456 2.',
  st: 'Ho kena sehlopheng: SEHLOPHA le khoutu ea sona ea linomoro tse 6, le likarolo (e le ngoe ha u sa re letho), mohl. SEHLOPHA 123456 2.',
};

const UNKNOWN: Record<Lang, string> = {
  en: 'Unknown command.',
  st: 'Taelo ena ha e tsejoe.',
};

/** Works one inbound message (once per id) and sends its reply. */
export async function answerSms(deps: SmsDeps, message: InboundSms): Promise<void> {
  const msisdn = normaliseMsisdn(message.from);
  if (!msisdn) {
    deps.log.warn({ from: message.from }, 'inbound SMS from a number that is not a subscriber number');
    return;
  }
  const now = deps.now();
  const claimed = await deps.db
    .insertInto('sms_inbound')
    .values({ message_id: message.id, msisdn, text: message.text, created_at: now })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id')
    .executeTakeFirst();
  if (!claimed) {
    const earlier = await deps.db
      .selectFrom('sms_inbound')
      .select(['reply', 'replied_at', 'msisdn'])
      .where('message_id', '=', message.id)
      .executeTakeFirst();
    if (earlier?.reply && !earlier.replied_at)
      await sendReply(deps, message.id, earlier.msisdn, earlier.reply);
    return;
  }
  let reply: string;
  try {
    reply = await commandReply(deps, msisdn, message);
  } catch (error) {
    // Nothing was paid (a payment that failed rolled back): the provider's retry of this id runs it again.
    await deps.db.deleteFrom('sms_inbound').where('message_id', '=', message.id).execute();
    throw error;
  }
  await deps.db.updateTable('sms_inbound').set({ reply }).where('message_id', '=', message.id).execute();
  await sendReply(deps, message.id, msisdn, reply);
}

async function sendReply(deps: SmsDeps, id: string, msisdn: string, text: string): Promise<void> {
  try {
    await deps.sms.send({ to: msisdn, text });
  } catch (error) {
    // Kept unsent: the provider's retry of this message sends it.
    deps.log.error({ err: error, id }, 'SMS reply not sent');
    return;
  }
  await deps.db
    .updateTable('sms_inbound')
    .set({ replied_at: deps.now() })
    .where('message_id', '=', id)
    .execute();
}

async function commandReply(deps: SmsDeps, msisdn: string, message: InboundSms): Promise<string> {
  const command = parseSmsCommand(message.text);
  const lang: Lang = command.lang ?? (await preferredLang(deps.db, msisdn)) ?? 'st';
  if (!(await hasAccount(deps.db, msisdn))) return howToRegister(lang, deps.registerUrl);
  switch (command.kind) {
    case 'HELP':
      return HELP[lang];
    case 'UNKNOWN':
      return `${UNKNOWN[lang]} ${HELP[lang]}`;
    case 'BAD_PICKS':
      return `${refusalText(lang, 'PICKS.INVALID')} ${HELP[lang]}`;
    case 'BALANCE':
      return walletText(deps.db, msisdn, lang, 2);
    case 'RESULTS':
      return slipsText(deps.db, msisdn, lang, 3, true);
    case 'PLAY':
      return play(deps, msisdn, lang, command, message.id);
    case 'GROUP':
      return buyGroupShares(deps, msisdn, lang, command, message.id);
    case 'BAD_GROUP':
      return `${refusalText(lang, 'GROUP.UNKNOWN')} ${GROUP_HELP[lang]}`;
    case 'SUBSCRIBE':
      return (await isSubscribed(deps.db, msisdn))
        ? alreadySubscribed(lang, deps.offer)
        : smsOffer(lang, deps.offer, deps.termsUrl);
    case 'YES':
      return confirmSubscription(deps, msisdn, lang, message.id);
  }
}

/**
 * YES subscribes only when the subscriber was sent the price, period and terms (the answer to a SUBSCRIBE)
 * within the window before it. Anything else subscribes no one.
 */
async function confirmSubscription(deps: SmsDeps, msisdn: string, lang: Lang, id: string): Promise<string> {
  if (await isSubscribed(deps.db, msisdn)) return alreadySubscribed(lang, deps.offer);
  const now = deps.now();
  const recent = await deps.db
    .selectFrom('sms_inbound')
    .select('text')
    .where('msisdn', '=', msisdn)
    .where('message_id', '<>', id)
    .where('replied_at', 'is not', null)
    .where('created_at', '>=', new Date(now.getTime() - SMS_CONFIRM_WINDOW_MS))
    .limit(50)
    .execute();
  if (!recent.some((row) => parseSmsCommand(row.text).kind === 'SUBSCRIBE')) return nothingToConfirm(lang);
  await setSubscription(deps.db, msisdn, true, SERVICE_ID, now);
  return smsSubscribed(lang, deps.offer);
}

async function play(
  deps: SmsDeps,
  msisdn: string,
  lang: Lang,
  command: Extract<SmsCommand, { kind: 'PLAY' }>,
  id: string,
): Promise<string> {
  const now = deps.now();
  const betslip = await deps.current.open(now);
  if (!betslip) return say(lang, 'noRound');
  const outcomes =
    command.picks === 'QUICK'
      ? (quickPick(emptyOutcomes(betslip.matchCount), Math.random) as string[])
      : command.picks;
  if (outcomes.length !== betslip.matchCount) {
    return `${refusalText(lang, 'PICKS.INCOMPLETE')} ${HELP[lang]}`;
  }
  let answer: ChannelAnswer;
  if (command.code) {
    // The fallback of an app slip: accepted once, whether the SMS or the app's request comes first.
    const key = `sms-code:${command.code}`;
    const claim = await claimSlipCode(deps.db, msisdn, command.code, key, now);
    if (claim.kind === 'running') return refusalText(lang, 'IDEMPOTENCY.IN_PROGRESS');
    const earlier =
      claim.kind === 'answered'
        ? claim.response
        : await paidUnderCode(deps.db, msisdn, betslip.sid, command.code);
    answer = earlier
      ? toChannelAnswer({ ...earlier, replayed: true })
      : await submitChannelSlip(deps, { msisdn, channel: 'SMS', lang, betslip, outcomes, key });
  } else {
    answer = await submitChannelSlip(deps, {
      msisdn,
      channel: 'SMS',
      lang,
      betslip,
      outcomes,
      key: `sms:${id}`,
    });
  }
  if (!answer.ok) {
    const refused = refusalText(lang, answer.messageKey);
    return answer.messageKey === 'SUBSCRIPTION.REQUIRED' ? `${refused} ${subscribeHint(lang)}` : refused;
  }
  const picks = formatSmsPicks(outcomes);
  return lang === 'en'
    ? `Jackpot 14: slip accepted, ${money(answer.costCents)} paid from your wallet. Picks ${picks}. Reference: ${answer.reference}. Good luck!`
    : `Jackpot 14: slip e amohetsoe, ${money(answer.costCents)} e lefuoe ka mokotla oa chelete. Likhetho ${picks}. Tshupiso: ${answer.reference}. Mahlohonolo!`;
}

/** GROUP <code> [shares]: the shares bought from the wallet (key `sms:<message id>`), or why not. */
async function buyGroupShares(
  deps: SmsDeps,
  msisdn: string,
  lang: Lang,
  command: Extract<SmsCommand, { kind: 'GROUP' }>,
  id: string,
): Promise<string> {
  const answer = await buyShares(
    groupDepsOf(deps),
    msisdn,
    command.code,
    { count: command.count, lang },
    `sms:${id}`,
  );
  if (answer.statusCode !== 200) {
    return refusalText(lang, (answer.body as { messageKey?: string }).messageKey ?? 'ERRORS.UNKNOWN');
  }
  const body = answer.body as { code: string; reference: string };
  const group = await findByCode(deps.db, body.code);
  return sharesBought(lang, {
    count: command.count,
    name: group?.name ?? body.code,
    code: body.code,
    costCents: (group?.sharePriceCents ?? 0) * command.count,
    reference: body.reference,
  });
}
