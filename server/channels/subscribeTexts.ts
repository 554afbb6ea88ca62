// What the phone channels say about subscribing: the price and billing period with the terms' address,
// shown before the subscriber is asked to confirm, and what follows. Plain ASCII (texts.ts); the price
// and period are the operator's (site.json), the same the app shows.
import { formatM } from '../../machines/rules/money.ts';
import type { SiteInfo } from '../content/siteContent.ts';
import type { Lang } from './texts.ts';

export type Offer = SiteInfo['subscription'];

/** How long an SMS offer may be confirmed with YES. */
export const SMS_CONFIRM_WINDOW_MS = 10 * 60_000;

const PERIODS: Record<Offer['period'], Record<Lang, string>> = {
  day: { st: 'ka letsatsi', en: 'a day' },
  week: { st: 'ka beke', en: 'a week' },
  month: { st: 'ka khoeli', en: 'a month' },
};

/** 'M 5.00 a week' / 'M 5.00 ka beke', as the app words it. */
export const offerPrice = (lang: Lang, offer: Offer): string =>
  `${formatM(offer.price)} ${PERIODS[offer.period][lang]}`;

/** The USSD screen between Play and subscribing: price, period, terms, 1 Confirm, 0 Back. */
export const ussdOffer = (lang: Lang, offer: Offer, termsUrl: string): string =>
  lang === 'en'
    ? `Subscribe to play Jackpot 14: ${offerPrice(lang, offer)}.\nTerms: ${termsUrl}\n1. Confirm\n0. Back`
    : `Ingolisetse ho bapala Jackpot 14: ${offerPrice(lang, offer)}.\nLipehelo: ${termsUrl}\n1. Netefatsa\n0. Morao`;

/** After a USSD confirmation (the session ends; the next one plays). */
export const ussdSubscribed = (lang: Lang, offer: Offer): string =>
  lang === 'en'
    ? `You are subscribed to Jackpot 14: ${offerPrice(lang, offer)}. Dial again to play. Good luck!`
    : `U ingoliselitse Jackpot 14: ${offerPrice(lang, offer)}. Letsetsa hape ho bapala. Mahlohonolo!`;

/** The answer to SUBSCRIBE: what it costs, the terms, and how to confirm. */
export const smsOffer = (lang: Lang, offer: Offer, termsUrl: string): string =>
  lang === 'en'
    ? `Jackpot 14 costs ${offerPrice(lang, offer)}. Terms: ${termsUrl}. To subscribe, reply YES within 10 minutes.`
    : `Jackpot 14 e theko ea ${offerPrice(lang, offer)}. Lipehelo: ${termsUrl}. Ho ingolisetsa, araba EE nakong ea metsotso e 10.`;

export const smsSubscribed = (lang: Lang, offer: Offer): string =>
  lang === 'en'
    ? `You are subscribed to Jackpot 14: ${offerPrice(lang, offer)}. Send HELP to see how to play. Good luck!`
    : `U ingoliselitse Jackpot 14: ${offerPrice(lang, offer)}. Romela THUSO ho bona kamoo u bapalang. Mahlohonolo!`;

export const alreadySubscribed = (lang: Lang, offer: Offer): string =>
  lang === 'en'
    ? `You are already subscribed to Jackpot 14 (${offerPrice(lang, offer)}).`
    : `U se u ingoliselitse Jackpot 14 (${offerPrice(lang, offer)}).`;

/** A YES with no SUBSCRIBE answered in the last 10 minutes before it: nothing is subscribed. */
export const nothingToConfirm = (lang: Lang): string =>
  lang === 'en'
    ? 'Nothing to confirm. Send SUBSCRIBE to see the price first.'
    : 'Ha ho letho la ho netefatsa. Romela NGOLISETSA ho bona theko pele.';

/** Added to a PLAY refused for want of a subscription: the way out. */
export const subscribeHint = (lang: Lang): string =>
  lang === 'en'
    ? 'Send SUBSCRIBE to see the price and subscribe.'
    : 'Romela NGOLISETSA ho bona theko le ho ingolisetsa.';
