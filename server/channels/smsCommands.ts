// The SMS commands, parsed from a message's text. Pure: the handler (smsRoutes.ts) runs them.
// Keywords in English and Sesotho; the keyword's language is the reply's (null: the subscriber's own).
// SUBSCRIBE only answers the price and period; YES (a reply to that answer) is what subscribes.
import { parseSmsPicks, SLIP_CODE } from '../../machines/rules/channelPicks.ts';

export type Lang = 'st' | 'en';

export type SmsCommand =
  | { kind: 'PLAY'; lang: Lang | null; picks: string[] | 'QUICK'; code: string | null }
  | { kind: 'BAD_PICKS'; lang: Lang | null }
  | { kind: 'BALANCE' | 'RESULTS' | 'HELP' | 'SUBSCRIBE' | 'YES'; lang: Lang | null }
  | { kind: 'UNKNOWN'; lang: null };

type Keyword = Exclude<SmsCommand['kind'], 'BAD_PICKS' | 'UNKNOWN'>;

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
