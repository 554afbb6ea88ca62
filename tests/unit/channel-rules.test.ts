// The phone channels' pure rules: keypad picks, SMS picks and commands, the USSD menu fold, slip codes.
import { describe, expect, it } from 'vitest';
import {
  formatSmsPicks,
  offersSmsFallback,
  parseSmsPicks,
  parseUssdPicks,
  SLIP_CODE,
  slipCode,
  smsFallbackCommand,
  ussdDigit,
} from '../../machines/rules/channelPicks.ts';
import { parseSmsCommand } from '../../server/channels/smsCommands.ts';
import { fold, type MenuContext, top } from '../../server/channels/ussdMenu.ts';

const PARAMS = { defaultBetslipPrice: 2, thirdChance: 1, multipleChance: 2, feePerSecond: 2, feePerThird: 3 };

describe('keypad picks', () => {
  it('reads seven digits 1-7 as singles, doubles and a triple', () => {
    expect(parseUssdPicks('1234567', 7)).toEqual(['1', '2', '3', '12', '13', '23', '123']);
    for (const bad of ['123456', '12345678', '1234560', '12a4567', '123 567', '']) {
      expect(parseUssdPicks(bad, 7), bad).toBeNull();
    }
  });

  it('writes an outcome as its keypad digit, whatever the tap order', () => {
    expect(['1', '31', '32', '21', '312', null].map(ussdDigit)).toEqual(['1', '5', '6', '4', '7', '?']);
  });
});

describe('SMS picks', () => {
  it('reads digits and bracketed multi-picks, ignoring spaces, and writes them back', () => {
    expect(parseSmsPicks('1(12)3 (132)')).toEqual(['1', '12', '3', '132']);
    expect(formatSmsPicks(['1', '12', '3', '132'])).toBe('1(12)3(132)');
    for (const bad of ['', '4', '1(11)', '1(1234)', '1(12', '1)2', '()', '1x', `${'1'.repeat(101)}`]) {
      expect(parseSmsPicks(bad), bad).toBeNull();
    }
  });
});

describe('slip codes', () => {
  it('derives a stable six-character code that never reads as picks', () => {
    const key = '7f1c2d9e-0b4a-4c55-9a51-3f7d2e8c1b00';
    expect(slipCode(key)).toBe(slipCode(key));
    const codes = new Set(Array.from({ length: 2000 }, (_, i) => slipCode(`key-${i}`)));
    expect(codes.size).toBeGreaterThan(1990);
    for (const code of codes) {
      expect(code).toMatch(SLIP_CODE);
      expect(parseSmsPicks(code)).toBeNull();
    }
  });
});

describe('SMS commands', () => {
  const picks = '1(12)3123123123123';

  it('reads PLAY with picks, a quick pick and a slip code, in English and Sesotho', () => {
    expect(parseSmsCommand(`play ${picks}`)).toEqual({
      kind: 'PLAY',
      lang: 'en',
      picks: parseSmsPicks(picks),
      code: null,
    });
    expect(parseSmsCommand(`BAPALA 1231231 2312312 K7F3Q2`)).toMatchObject({ lang: 'st', code: 'K7F3Q2' });
    expect(parseSmsCommand('PLAY QP')).toEqual({ kind: 'PLAY', lang: 'en', picks: 'QUICK', code: null });
    expect(parseSmsCommand('bapala kapele')).toMatchObject({ kind: 'PLAY', lang: 'st', picks: 'QUICK' });
  });

  it('reads the other commands and their language', () => {
    expect(parseSmsCommand(' bal ')).toEqual({ kind: 'BALANCE', lang: null });
    expect(parseSmsCommand('CHELETE')).toEqual({ kind: 'BALANCE', lang: 'st' });
    expect(parseSmsCommand('results')).toEqual({ kind: 'RESULTS', lang: 'en' });
    expect(parseSmsCommand('LIPHETHO')).toEqual({ kind: 'RESULTS', lang: 'st' });
    expect(parseSmsCommand('Help')).toEqual({ kind: 'HELP', lang: 'en' });
    expect(parseSmsCommand('THUSO')).toEqual({ kind: 'HELP', lang: 'st' });
    expect(parseSmsCommand('subscribe')).toEqual({ kind: 'SUBSCRIBE', lang: 'en' });
    expect(parseSmsCommand('Ngolisetsa')).toEqual({ kind: 'SUBSCRIBE', lang: 'st' });
    expect(parseSmsCommand('yes')).toEqual({ kind: 'YES', lang: 'en' });
    expect(parseSmsCommand('EE')).toEqual({ kind: 'YES', lang: 'st' });
    // A confirmation is one word: anything around it is not one.
    expect(parseSmsCommand('YES PLEASE').kind).toBe('UNKNOWN');
    expect(parseSmsCommand('SUBSCRIBE NOW').kind).toBe('UNKNOWN');
  });

  it('tells bad picks from unknown commands', () => {
    expect(parseSmsCommand('PLAY 12x')).toEqual({ kind: 'BAD_PICKS', lang: 'en' });
    expect(parseSmsCommand('PLAY')).toEqual({ kind: 'BAD_PICKS', lang: 'en' });
    for (const text of ['', 'hello', 'BAL now', `PLAY ${'1'.repeat(200)}`, 'PLAYQP']) {
      expect(parseSmsCommand(text).kind, text).toBe('UNKNOWN');
    }
  });
});

describe('USSD menu fold', () => {
  const ctx: MenuContext = { quickPick: Array(14).fill('1'), params: PARAMS, subscribed: true };

  it('goes back with 0 and home with 00', () => {
    expect(top(fold('1*2*0', 'st', ctx)).name).toBe('PLAY');
    expect(top(fold('1*2*1111111*00', 'st', ctx)).name).toBe('MAIN');
    expect(top(fold('0*0', 'st', ctx)).name).toBe('MAIN');
  });

  it('pays the quick pick or the entered picks, and nothing after', () => {
    expect(fold('1*1*1*1*1', 'st', ctx).end).toEqual({ pay: ctx.quickPick });
    const entered = fold('1*2*4111111*1111117*1', 'en', ctx);
    expect(entered.end).toEqual({ pay: ['12', ...Array(12).fill('1'), '123'] });
  });

  it('refuses picks beyond the betslip limits and keeps the screen', () => {
    const over = fold('1*2*4444111*1111111', 'st', ctx);
    expect(over.error).toBe('LIMITS');
    expect(top(over).name).toBe('PICKS2');
  });

  it('ends at Play when no round is open, and changes language from 4', () => {
    expect(fold('1', 'st', { ...ctx, params: null }).end).toEqual({ noRound: true });
    const english = fold('4*2', 'st', ctx);
    expect([english.lang, top(english).name]).toEqual(['en', 'MAIN']);
    expect(fold('4*3', 'st', ctx).error).toBe('INVALID');
  });
});

describe('USSD subscribing', () => {
  const ctx: MenuContext = { quickPick: Array(14).fill('1'), params: PARAMS, subscribed: false };

  it('Play for a number not subscribed asks to subscribe, and only 1 there subscribes', () => {
    expect(top(fold('1', 'st', ctx)).name).toBe('SUBSCRIBE');
    expect(fold('1', 'st', ctx).end).toBeNull();
    expect(fold('1*1', 'en', ctx).end).toEqual({ subscribe: true });
    for (const input of ['2', '9', '11', 'YES']) {
      const other = fold(`1*${input}`, 'en', ctx);
      expect(other.end, input).toBeNull();
      expect([top(other).name, other.error], input).toEqual(['SUBSCRIBE', 'INVALID']);
    }
  });

  it('0 goes back without subscribing; a finished session takes no more input', () => {
    const back = fold('1*0', 'st', ctx);
    expect([top(back).name, back.end]).toEqual(['MAIN', null]);
    expect(fold('1*1*1*1', 'st', ctx).end).toEqual({ subscribe: true });
  });

  it('no round open ends as before, subscribed or not', () => {
    expect(fold('1', 'st', { ...ctx, params: null }).end).toEqual({ noRound: true });
  });
});

describe('SMS fallback of a queued slip', () => {
  const dtos = [
    { betSlipPosition: 1, prediction: 13 },
    { betSlipPosition: 0, prediction: 2 },
    ...Array.from({ length: 12 }, (_, i) => ({ betSlipPosition: i + 2, prediction: 1 })),
  ];

  it('carries the picks in position order and the key’s code, with the keyword of the language', () => {
    const key = 'b7e0c1de-5a8f-4b0e-9d0c-1f2e3d4c5b6a';
    expect(smsFallbackCommand('en', dtos, key)).toBe(`PLAY 2(13)111111111111 ${slipCode(key)}`);
    expect(smsFallbackCommand('st', dtos, key)).toBe(`BAPALA 2(13)111111111111 ${slipCode(key)}`);
    const parsed = parseSmsCommand(smsFallbackCommand('st', dtos, key));
    expect(parsed).toEqual({
      kind: 'PLAY',
      lang: 'st',
      picks: ['2', '13', ...Array(12).fill('1')],
      code: slipCode(key),
    });
  });

  it('is offered only within the hour before the close', () => {
    const endsAt = 10 * 3_600_000;
    expect(offersSmsFallback(endsAt, endsAt - 3_600_001)).toBe(false);
    expect(offersSmsFallback(endsAt, endsAt - 3_600_000)).toBe(true);
    expect(offersSmsFallback(endsAt, endsAt - 1)).toBe(true);
    expect(offersSmsFallback(endsAt, endsAt)).toBe(false);
  });
});
