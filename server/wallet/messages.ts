// Success messages of the money routes in the request's language (st, the default, or en). The client
// shows `message` as it comes and keys its own translations on `messageKey`.
import { formatCents } from '../../machines/rules/money.ts';

export type MoneyMessageKey =
  | 'AIRTIME.SUCCESS'
  | 'AIRTIME.FAILED'
  | 'CASHOUT.CONFIRMED'
  | 'CASHOUT.PENDING'
  | 'CASHOUT.FAILED';

export interface MessageParams {
  amountCents: number;
  /** Airtime for a friend: their msisdn. */
  friend?: string | null;
  /** Cash-out: the wallet's display name and our reference. */
  walletName?: string;
  reference?: string;
}

type Texts = Record<'st' | 'en', (p: MessageParams & { amount: string }) => string>;

const TEXTS: Record<MoneyMessageKey, Texts> = {
  'AIRTIME.SUCCESS': {
    en: (p) =>
      p.friend ? `You bought ${p.amount} of airtime for ${p.friend}.` : `You bought ${p.amount} of airtime.`,
    st: (p) =>
      p.friend ? `U rekeletse ${p.friend} airtime ea ${p.amount}.` : `U rekile airtime ea ${p.amount}.`,
  },
  'AIRTIME.FAILED': {
    en: (p) => `Airtime of ${p.amount} could not be bought. Your money is back in your wallet.`,
    st: (p) => `Airtime ea ${p.amount} ha ea ka ea rekoa. Chelete ea hau e khutletse ho wallet ea hau.`,
  },
  'CASHOUT.CONFIRMED': {
    en: (p) => `${p.amount} has been sent to your ${p.walletName} wallet.`,
    st: (p) => `${p.amount} e rometsoe ho wallet ea hau ea ${p.walletName}.`,
  },
  'CASHOUT.PENDING': {
    en: (p) => `Your cash-out of ${p.amount} is being processed (reference ${p.reference}).`,
    st: (p) => `Ho ntša ${p.amount} ho ntse ho sebetsoa (nomoro ea tšupiso ${p.reference}).`,
  },
  'CASHOUT.FAILED': {
    en: (p) => `Your cash-out of ${p.amount} could not be completed. The money is back in your wallet.`,
    st: (p) => `Ho ntša ${p.amount} ha hoa ka ha phethahala. Chelete e khutletse ho wallet ea hau.`,
  },
};

/** The message for `key` in `lang` (Sesotho unless English is asked for). */
export function moneyMessage(key: MoneyMessageKey, lang: string | undefined, params: MessageParams): string {
  const texts = TEXTS[key];
  return (lang === 'en' ? texts.en : texts.st)({ ...params, amount: formatCents(params.amountCents) });
}
