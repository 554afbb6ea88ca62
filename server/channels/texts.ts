// What the phone channels (USSD screens, SMS replies) say, in Sesotho (the default) and English. Plain
// ASCII: USSD and SMS gateways carry the GSM alphabet, and every screen must fit in 182 characters.

import { formatDate, formatTime } from '../../machines/rules/maseruTime.ts';
import { formatCents } from '../../machines/rules/money.ts';
import type { MoveKind } from '../db/playWalletTables.ts';

export type Lang = 'st' | 'en';

/** 'M 2.00', and '-M 2.00' for money out: a statement line's sign stands before the M, as '+M 10.00' does. */
export const money = (cents: number): string => (cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents));

/** '24/11 18:00' in Maseru time. */
export const shortDate = (at: Date): string => `${dayMonth(at)} ${formatTime(at)}`;

/** '24/11' in Maseru time: the app's dd/MM/yyyy without the year (USSD screens are narrow). */
export const dayMonth = (at: Date): string => formatDate(at).slice(0, 5);

type Words = Record<Lang, string>;

export const WORDS = {
  menu: {
    st: 'Jackpot 14\n1. Bapala\n2. Mokotla oa chelete\n3. Li-slip tsa ka\n4. Puo/Language\n5. Bapala le sehlopha',
    en: 'Jackpot 14\n1. Play\n2. Wallet\n3. My slips\n4. Language/Puo\n5. Group play',
  },
  back: { st: '0. Morao', en: '0. Back' },
  groupCode: { st: 'Kenya khoutu ea sehlopha (linomoro tse 6):', en: "Enter the group's 6-digit code:" },
  backHome: { st: '0. Morao 00. Qalo', en: '0. Back 00. Menu' },
  pay: { st: '1. Lefa ka mokotla oa chelete', en: '1. Pay from wallet' },
  invalid: { st: 'Khetho e fosahetse.', en: 'Invalid choice.' },
  tooMany: { st: 'Likhetho tse ngata haholo.', en: 'Too many multi-picks.' },
  quickPick: { st: 'Khetho ka potlako:', en: 'Quick pick:' },
  yourPicks: { st: 'Likhetho tsa hau:', en: 'Your picks:' },
  price: { st: 'Theko', en: 'Price' },
  languages: { st: 'Khetha puo:\n1. Sesotho\n2. English', en: 'Choose a language:\n1. Sesotho\n2. English' },
  balance: { st: 'Chelete', en: 'Balance' },
  withdrawable: { st: 'E ntshoang', en: 'Withdrawable' },
  noMoves: { st: 'Ha ho diketso.', en: 'No movements yet.' },
  noSlips: { st: 'Ha o so bapale.', en: 'You have no slips yet.' },
  open: { st: 'e bulehile', en: 'open' },
  won: { st: 'o hapile', en: 'won' },
  expired: { st: 'Nako e felile. Letsetsa hape.', en: 'Your session timed out. Please dial again.' },
  noRound: {
    st: 'Ha ho papali e bulehileng hona joale. Leka hamorao.',
    en: 'No round is open now. Please try again later.',
  },
  failed: {
    st: 'Ho na le bothata. Leka hape hamorao. Ha ua lefisoa letho.',
    en: 'Something went wrong. Please try again later. Nothing was charged.',
  },
} satisfies Record<string, Words>;

export const say = (lang: Lang, word: keyof typeof WORDS): string => WORDS[word][lang];

/** How a number without an account registers. */
export const howToRegister = (lang: Lang, url: string): string =>
  lang === 'en'
    ? `This number has no Jackpot 14 account. Register in the Jackpot 14 app: ${url}`
    : `Nomoro ena ha e na ak'haonte ea Jackpot 14. Bula ak'haonte ho app ea Jackpot 14: ${url}`;

/** 'Matches 1-7: type 7 digits. …' — the compact syntax of the pick screens. */
export function picksHelp(lang: Lang, from: number, limits: { multiple: number; triple: number }): string {
  const to = from + 6;
  return lang === 'en'
    ? `Matches ${from}-${to}: type 7 digits\n1 home 2 away 3 draw\n4=1/2 5=1/3 6=2/3 7=all\nUp to ${limits.multiple} multi, ${limits.triple} triple`
    : `Lipapali ${from}-${to}: kenya linomoro tse 7\n1 hae 2 baeti 3 tekano\n4=1/2 5=1/3 6=2/3 7=tsohle\nHo fihla ho ${limits.multiple} tse ngata, ${limits.triple} tse tharo`;
}

/** '2 doubles, 1 triple' or '' for singles only. */
export function multiples(lang: Lang, doubles: number, triples: number): string {
  const parts: string[] = [];
  if (doubles)
    parts.push(lang === 'en' ? `${doubles} double${doubles > 1 ? 's' : ''}` : `tse peli: ${doubles}`);
  if (triples)
    parts.push(lang === 'en' ? `${triples} triple${triples > 1 ? 's' : ''}` : `tse tharo: ${triples}`);
  return parts.join(', ');
}

export const accepted = (lang: Lang, costCents: number, reference: string): string =>
  lang === 'en'
    ? `Paid ${money(costCents)} from your wallet. Reference: ${reference}. Good luck!`
    : `U lefile ${money(costCents)} ka mokotla oa chelete. Tshupiso: ${reference}. Mahlohonolo!`;

const MOVE_WORDS: Record<MoveKind, Words> = {
  STAKE: { st: 'Slip', en: 'Slip' },
  PRIZE: { st: 'Moputso', en: 'Prize' },
  OPERATOR_BILLING: { st: 'Airtime', en: 'Airtime' },
  AIRTIME_PURCHASE: { st: 'Airtime', en: 'Airtime' },
  CASH_OUT: { st: 'Ntsha', en: 'Cash-out' },
  CASH_OUT_REVERSAL: { st: 'Khutlisa', en: 'Refund' },
  OPERATOR_ADJUSTMENT: { st: 'Tlatseletso', en: 'Credit' },
  DEPOSIT: { st: 'Tsenya', en: 'Deposit' },
  GROUP: { st: 'Sehlopha', en: 'Group' },
};

export const moveWord = (lang: Lang, kind: MoveKind): string => MOVE_WORDS[kind][lang];

/** Why a slip was not accepted, for a server message key; short enough for a USSD END screen. */
const REFUSALS: Record<string, Words> = {
  'WALLET.INSUFFICIENT_FUNDS': {
    st: 'Chelete e mokotleng oa chelete ha e lekane. Kenya chelete ebe u leka hape.',
    en: 'Not enough money in your wallet. Top it up and try again.',
  },
  'SUBSCRIPTION.REQUIRED': {
    st: 'U hloka ho ngolisetsa Jackpot 14 pele u bapala.',
    en: 'You need an active Jackpot 14 subscription to play.',
  },
  'PLAY.PAUSED': { st: 'U emisitse ho bapala nakoana.', en: 'Your play is paused for now.' },
  'PLAY.LIMIT_REACHED': {
    st: 'Slip ena e ka feta moedi oa hau oa beke.',
    en: 'This slip would pass your weekly limit.',
  },
  'BETSLIP.CLOSED': { st: 'Papali ena e koetsoe.', en: 'This round is closed.' },
  'BETSLIP.NOT_CURRENT': { st: 'Papali ena e koetsoe.', en: 'This round is closed.' },
  'PICKS.LIMITS': { st: 'Likhetho tse ngata haholo.', en: 'Too many multi-picks.' },
  'PICKS.INCOMPLETE': { st: 'Kenya khetho bakeng sa lipapali tsohle tse 14.', en: 'Pick all 14 matches.' },
  'PICKS.INVALID': { st: 'Likhetho ha li nepahale.', en: 'The picks are not valid.' },
  'PRICE.MISMATCH': { st: 'Theko e fetohile. Leka hape.', en: 'The price changed. Please try again.' },
  'GROUP.UNKNOWN': { st: 'Ha ho sehlopha se nang le khoutu eo.', en: 'No group has that code.' },
  'GROUP.FULL': { st: 'Sehlopha se tletse.', en: 'The group is full.' },
  'GROUP.CLOSED': { st: 'Sehlopha se koetsoe.', en: 'The group is closed.' },
  'GROUP.CANCELLED': { st: 'Sehlopha se hlakotsoe.', en: 'The group was cancelled.' },
  'IDEMPOTENCY.IN_PROGRESS': {
    st: 'Slip ena e ntse e sebetsoa. Sheba hamorao.',
    en: 'This slip is still being processed. Check again later.',
  },
};

/** The refusal's words, and that nothing was charged. */
export const refusalText = (lang: Lang, messageKey: string): string => {
  const words = REFUSALS[messageKey];
  if (!words) return WORDS.failed[lang];
  return `${words[lang]} ${lang === 'en' ? 'Nothing was charged.' : 'Ha ua lefisoa letho.'}`;
};

/** A group's shares bought by phone: how many, of which group, what was paid, and the reference. */
export const sharesBought = (
  lang: Lang,
  bought: { count: number; name: string; code: string; costCents: number; reference: string },
): string =>
  lang === 'en'
    ? `Jackpot 14: ${bought.count} share(s) of group ${bought.name} (${bought.code}), ${money(bought.costCents)} paid from your wallet. Reference: ${bought.reference}.`
    : `Jackpot 14: likarolo tse ${bought.count} tsa sehlopha ${bought.name} (${bought.code}), ${money(bought.costCents)} e lefuoe ka mokotla oa chelete. Tshupiso: ${bought.reference}.`;

/** The group's name, price per share and shares left (the USSD screen before buying). */
export const groupOffer = (
  lang: Lang,
  group: { name: string; sharePriceCents: number; left: number },
): string =>
  lang === 'en'
    ? `Group ${group.name}\nPrice per share: ${money(group.sharePriceCents)}\nShares left: ${group.left}\n1. Buy one share`
    : `Sehlopha ${group.name}\nTheko ea karolo: ${money(group.sharePriceCents)}\nLikarolo tse setseng: ${group.left}\n1. Reka karolo e le 'ngoe`;
