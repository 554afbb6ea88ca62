// The texts of the notifications the server sends, in the subscriber's language (st by default). The
// service worker shows them as they are, so they are written here rather than translated on the phone.
import { formatCents } from '../../machines/rules/money.ts';
import type { PushPayload } from './sender.ts';

type Lang = 'st' | 'en';

export const pushLang = (lang: string | null | undefined): Lang => (lang === 'en' ? 'en' : 'st');

/** The current betslip closes within the hour and the subscriber has not played it. */
export function closingSoonPayload(lang: Lang, sid: string): PushPayload {
  return lang === 'en'
    ? {
        title: 'Jackpot 14: last hour to play',
        body: 'The betslip closes in less than an hour. Make your picks now!',
        url: '/play',
        tag: `closing-${sid}`,
      }
    : {
        title: 'Jackpot 14: hora ea ho qetela',
        body: 'Betslip e koala ka mor’a nako e ka tlase ho hora. Etsa likhetho tsa hau hona joale!',
        url: '/play',
        tag: `closing-${sid}`,
      };
}

/** A betslip the subscriber played is settled (and they won nothing on it). */
export function resultsPayload(lang: Lang, sid: string): PushPayload {
  return lang === 'en'
    ? {
        title: 'Jackpot 14: results are in',
        body: 'The results of your betslip are settled. See how you did.',
        url: '/results',
        tag: `results-${sid}`,
      }
    : {
        title: 'Jackpot 14: liphetho li fihlile',
        body: 'Liphetho tsa betslip ea hau li phethiloe. Bona hore na u entse joang.',
        url: '/results',
        tag: `results-${sid}`,
      };
}

/** Winnings were credited to the subscriber's wallet. */
export function winningsPayload(lang: Lang, sid: string, amountCents: number, prizeWon: string): PushPayload {
  return lang === 'en'
    ? {
        title: 'Jackpot 14: you won!',
        body: `${prizeWon}: ${formatCents(amountCents)} has been credited to your wallet.`,
        url: '/results',
        tag: `results-${sid}`,
      }
    : {
        title: 'Jackpot 14: u hapile!',
        body: `${prizeWon}: ${formatCents(amountCents)} e kentsoe mokotleng oa hau oa chelete.`,
        url: '/results',
        tag: `results-${sid}`,
      };
}
