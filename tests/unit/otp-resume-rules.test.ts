// What an SMS-code flow keeps across a reload: the number and ticked boxes once a code is out (never the
// code or a password), only until that code runs out, and nothing that could not have come from us.
import { describe, expect, it } from 'vitest';
import {
  CODE_LIFETIME_SECONDS,
  codeExpiresAt,
  readResume,
  resumeToKeep,
} from '../../machines/rules/otpResume';
import { OTP_TTL_SECONDS } from '../../server/identity/otp.ts';

const NOW = Date.UTC(2026, 10, 27, 16, 0, 0);
const MINUTE = 60_000;

describe('otp resume rules', () => {
  it('lasts as long as the server says a code works', () => {
    expect(CODE_LIFETIME_SECONDS).toBe(OTP_TTL_SECONDS);
    expect(codeExpiresAt(NOW, 300)).toBe(NOW + 5 * MINUTE);
    expect(codeExpiresAt(NOW, 120)).toBe(NOW + 2 * MINUTE);
    // An answer without a usable lifetime (an older server) means the usual 5 minutes; never longer.
    expect(codeExpiresAt(NOW)).toBe(NOW + 5 * MINUTE);
    expect(codeExpiresAt(NOW, 'soon')).toBe(NOW + 5 * MINUTE);
    expect(codeExpiresAt(NOW, -1)).toBe(NOW + 5 * MINUTE);
    expect(codeExpiresAt(NOW, 86_400)).toBe(NOW + 5 * MINUTE);
  });

  it('keeps the number and the ticks at the code and password steps, while the code works', () => {
    const out = { msisdn: '26650000002', expiresAt: NOW + 4 * MINUTE };
    const kept = { msisdn: '26650000002', ticked: ['adult', 'terms'], expiresAt: NOW + 4 * MINUTE };
    expect(resumeToKeep({ step: 'code', ...out }, ['adult', 'terms'], NOW)).toEqual(kept);
    expect(resumeToKeep({ step: 'password', ...out }, ['adult', 'terms'], NOW)).toEqual(kept);
    // Nothing else is in it: no code, no password.
    expect(Object.keys(resumeToKeep({ step: 'code', ...out }, [], NOW)!).sort()).toEqual([
      'expiresAt',
      'msisdn',
      'ticked',
    ]);
  });

  it('keeps nothing before a code is out, once the flow is over, or when the code has run out', () => {
    const out = { msisdn: '26650000002', expiresAt: NOW + 4 * MINUTE };
    for (const step of ['start', 'number', 'exists', 'done']) {
      expect(resumeToKeep({ step, ...out }, ['adult'], NOW), step).toBeNull();
    }
    expect(resumeToKeep({ step: 'code', msisdn: '26650000002', expiresAt: null }, [], NOW)).toBeNull();
    expect(resumeToKeep({ step: 'code', msisdn: '26650000002', expiresAt: NOW }, [], NOW)).toBeNull();
    expect(resumeToKeep({ step: 'code', msisdn: '', expiresAt: NOW + MINUTE }, [], NOW)).toBeNull();
  });

  it('reads back what it kept until the code runs out', () => {
    const kept = { msisdn: '26650000002', ticked: ['adult', 'terms'], expiresAt: NOW + 5 * MINUTE };
    const stored = JSON.stringify(kept);
    expect(readResume(stored, NOW)).toEqual(kept);
    expect(readResume(stored, NOW + 5 * MINUTE - 1)).toEqual(kept);
    expect(readResume(stored, NOW + 5 * MINUTE)).toBeNull();
    expect(readResume(stored, NOW + 60 * MINUTE)).toBeNull();
  });

  it('refuses anything else: nothing, not JSON, a wrong shape, a strange number, a clock set back', () => {
    const good = { msisdn: '26650000002', ticked: [], expiresAt: NOW + MINUTE };
    expect(readResume(null, NOW)).toBeNull();
    expect(readResume('', NOW)).toBeNull();
    expect(readResume('{', NOW)).toBeNull();
    expect(readResume('null', NOW)).toBeNull();
    expect(readResume('"26650000002"', NOW)).toBeNull();
    expect(readResume(JSON.stringify({ ...good, msisdn: '50000002' }), NOW)).toBeNull();
    expect(readResume(JSON.stringify({ ...good, msisdn: 26650000002 }), NOW)).toBeNull();
    expect(readResume(JSON.stringify({ ...good, ticked: 'adult' }), NOW)).toBeNull();
    expect(readResume(JSON.stringify({ ...good, ticked: [1] }), NOW)).toBeNull();
    expect(readResume(JSON.stringify({ ...good, expiresAt: String(NOW + MINUTE) }), NOW)).toBeNull();
    // An expiry further away than a code ever lives: the clock went back, so it cannot be trusted.
    expect(readResume(JSON.stringify({ ...good, expiresAt: NOW + 6 * MINUTE }), NOW)).toBeNull();
  });
});
