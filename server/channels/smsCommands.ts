// The SMS commands, parsed from a message's text. Pure: the handler (smsRoutes.ts) runs them.
// Keywords in English and Sesotho; the keyword's language is the reply's (null: the subscriber's own).
// SUBSCRIBE only answers the price and period; YES (a reply to that answer) is what subscribes.
import { parseSmsPicks, SLIP_CODE } from '../../machines/rules/channelPicks.ts';

export type Lang = 'st' | 'en';

export type SmsCommand =
  | { kind: 'PLAY'; lang: Lang | null; picks: string[] | 'QUICK'; code: string | null }
  | { kind: 'BAD_PICKS'; lang: Lang | null }
  /** GROUP <code> [shares] (Sesotho SEHLOPHA): buy shares of a group; BAD_GROUP when the words are wrong. */
  | { kind: 'GROUP'; lang: Lang | null; code: string; count: number }
  | { kind: 'BAD_GROUP'; lang: Lang | null }
  | { kind: 'BALANCE' | 'RESULTS' | 'HELP' | 'SUBSCRIBE' | 'YES'; lang: Lang | null }
  | { kind: 'UNKNOWN'; lang: null };

type Keyword = Exclude<SmsCommand['kind'], 'BAD_PICKS' | 'BAD_GROUP' | 'UNKNOWN'>;

const KEYWORDS: Record<string, { kind: Keyword; lang: Lang | null }> = {
  PLAY: { kind: 'PLAY', lang: 'en' },
  BAPALA: { kind: 'PLAY', lang: 'st' },
  BAL: { kind: 'BALANCE', lang: null },
  BALANCE: { kind: 'BALANCE', lang: 'en' },
  CHELETE: { kind: 'BALANCE', lang: 'st' },
  RESULTS: { kind: 'RESULTS', lang: 'en' },
  LIPHETHO: { kind: 'RESULTS', lang: 'st' },
  HELP: { kind: 'HELP', lang: 'en' },
  THUSO: { kind: 'HELP', lang: 'st' },
  SUBSCRIBE: { kind: 'SUBSCRIBE', lang: 'en' },
  NGOLISETSA: { kind: 'SUBSCRIBE', lang: 'st' },
  YES: { kind: 'YES', lang: 'en' },
  EE: { kind: 'YES', lang: 'st' },
  GROUP: { kind: 'GROUP', lang: 'en' },
  SEHLOPHA: { kind: 'GROUP', lang: 'st' },
};

const QUICK = new Set(['QP', 'QUICK', 'KAPELE']);

/** The longest text a command is read from; anything longer is not a command. */
export const MAX_COMMAND_LENGTH = 160;

export function parseSmsCommand(raw: string): SmsCommand {
  const text = raw.trim().toUpperCase();
  if (text.length === 0 || text.length > MAX_COMMAND_LENGTH) return { kind: 'UNKNOWN', lang: null };
  const [word = '', ...rest] = text.split(/\s+/);
  const keyword = KEYWORDS[word];
  if (!keyword) return { kind: 'UNKNOWN', lang: null };
  if (keyword.kind === 'GROUP') {
    const [code = '', shares = '1', ...more] = rest;
    const count = Number(shares);
    if (!/^\d{6}$/.test(code) || !/^\d{1,3}$/.test(shares) || count < 1 || count > 100 || more.length > 0) {
      return { kind: 'BAD_GROUP', lang: keyword.lang };
    }
    return { kind: 'GROUP', lang: keyword.lang, code, count };
  }
  if (keyword.kind !== 'PLAY') {
    return rest.length === 0 ? { kind: keyword.kind, lang: keyword.lang } : { kind: 'UNKNOWN', lang: null };
  }
  // A last word that is a slip code (a letter, then five characters) names the app slip it carries.
  const last = rest.at(-1) ?? '';
  const code = rest.length > 1 && SLIP_CODE.test(last) ? last : null;
  const words = code ? rest.slice(0, -1) : rest;
  if (words.length === 1 && QUICK.has(words[0] ?? '')) {
    return { kind: 'PLAY', lang: keyword.lang, picks: 'QUICK', code };
  }
  const picks = parseSmsPicks(words.join(''));
  if (!picks) return { kind: 'BAD_PICKS', lang: keyword.lang };
  return { kind: 'PLAY', lang: keyword.lang, picks, code };
}
