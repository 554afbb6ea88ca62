// The USSD menu as a pure fold over the inputs of a session. The gateway sends every input so far
// (`text`, joined by `*`), so any instance can work out where the subscriber is from the text alone;
// only the session's quick pick and starting language, and whether the number is subscribed, come from
// the database. Play for a number that is not subscribed leads to the subscription's price and period
// with `1` Confirm: subscribing ends the session, so no later fold reads a status it changed.
import { type BetslipParams, withinLimits } from '../../machines/rules/betslip.ts';
import { parseUssdPicks } from '../../machines/rules/channelPicks.ts';
import type { Lang } from './texts.ts';

export type Screen =
  | { name: 'MAIN' | 'PLAY' | 'QUICK' | 'PICKS1' | 'WALLET' | 'SLIPS' | 'LANG' | 'SUBSCRIBE' }
  | { name: 'PICKS2'; first: string[] }
  | { name: 'CONFIRM'; picks: string[] }
  /** Group play: the code is asked for, then the group's offer is shown with `1` Buy. */
  | { name: 'GROUP_CODE' }
  | { name: 'GROUP'; code: string };

export interface MenuState {
  stack: Screen[];
  lang: Lang;
  /** Why the last input was not taken (the screen is shown again with the reason). */
  error: 'INVALID' | 'LIMITS' | null;
  /** Where the session ends: paying these picks, subscribing (confirmed), or no open round. */
  end: { pay: string[] } | { subscribe: true } | { noRound: true } | { buyGroup: string } | null;
}

export interface MenuContext {
  /** The session's quick pick (fixed for the session, so what is shown is what is paid). */
  quickPick: string[];
  /** The open round's rules, or null when no round is open. */
  params: BetslipParams | null;
  /** Whether the number holds an enabled subscription (Play asks to subscribe first when not). */
  subscribed: boolean;
}

/** Inputs a session may hold; beyond that the text is garbage and the session ends. */
export const MAX_INPUTS = 40;
/** The longest single input any screen takes. */
export const MAX_INPUT_LENGTH = 20;

export const startState = (lang: Lang): MenuState => ({
  stack: [{ name: 'MAIN' }],
  lang,
  error: null,
  end: null,
});

export const top = (state: MenuState): Screen => state.stack.at(-1) ?? { name: 'MAIN' };

const push = (state: MenuState, screen: Screen): MenuState => ({
  ...state,
  stack: [...state.stack, screen],
  error: null,
});

const MAIN_CHOICES: Record<string, Screen> = {
  '2': { name: 'WALLET' },
  '3': { name: 'SLIPS' },
  '4': { name: 'LANG' },
  '5': { name: 'GROUP_CODE' },
};

/** The state after one input. A finished state (end set) takes no more input. */
export function step(state: MenuState, rawInput: string, ctx: MenuContext): MenuState {
  if (state.end) return state;
  const input = rawInput.trim();
  if (input === '00') return { ...state, stack: [{ name: 'MAIN' }], error: null };
  if (input === '0') {
    return { ...state, stack: state.stack.length > 1 ? state.stack.slice(0, -1) : state.stack, error: null };
  }
  const invalid: MenuState = { ...state, error: 'INVALID' };
  if (input.length > MAX_INPUT_LENGTH) return invalid;
  const screen = top(state);
  switch (screen.name) {
    case 'MAIN':
      if (input === '1') {
        if (!ctx.params) return { ...state, end: { noRound: true } };
        return push(state, { name: ctx.subscribed ? 'PLAY' : 'SUBSCRIBE' });
      }
      return MAIN_CHOICES[input] ? push(state, MAIN_CHOICES[input]) : invalid;
    case 'PLAY':
      if (input === '1') return push(state, { name: 'QUICK' });
      if (input === '2') return push(state, { name: 'PICKS1' });
      return invalid;
    case 'QUICK':
      return input === '1' ? { ...state, error: null, end: { pay: ctx.quickPick } } : invalid;
    case 'PICKS1': {
      const first = parseUssdPicks(input, 7);
      return first ? push(state, { name: 'PICKS2', first }) : invalid;
    }
    case 'PICKS2': {
      const second = parseUssdPicks(input, 7);
      if (!second) return invalid;
      const picks = [...screen.first, ...second];
      if (ctx.params && !withinLimits(picks, ctx.params)) return { ...state, error: 'LIMITS' };
      return push(state, { name: 'CONFIRM', picks });
    }
    case 'CONFIRM':
      return input === '1' ? { ...state, error: null, end: { pay: screen.picks } } : invalid;
    case 'SUBSCRIBE':
      return input === '1' ? { ...state, error: null, end: { subscribe: true } } : invalid;
    case 'GROUP_CODE':
      return /^\d{6}$/.test(input) ? push(state, { name: 'GROUP', code: input }) : invalid;
    case 'GROUP':
      return input === '1' ? { ...state, error: null, end: { buyGroup: screen.code } } : invalid;
    case 'LANG':
      if (input === '1' || input === '2') {
        return { ...state, lang: input === '1' ? 'st' : 'en', stack: [{ name: 'MAIN' }], error: null };
      }
      return invalid;
    default:
      // WALLET, SLIPS: only back and home.
      return invalid;
  }
}

/** The inputs of a gateway `text` ('' → none; '1*2*' keeps the empty last input). */
export const inputsOf = (text: string): string[] => (text === '' ? [] : text.split('*'));

/** The state after every input of `text`. */
export function fold(text: string, lang: Lang, ctx: MenuContext): MenuState {
  let state = startState(lang);
  for (const input of inputsOf(text)) state = step(state, input, ctx);
  return state;
}
