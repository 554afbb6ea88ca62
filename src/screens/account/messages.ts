// Texts the Account screen shows for its own outcomes (the ACCOUNT.* keys) and pause labels.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { PauseDuration } from '../../api/account';

export const ACCOUNT_MESSAGES = {
  'ACCOUNT.SUCCESSCHANGEPASSWORD': msg`Your password has been changed.`,
  'ACCOUNT.FAILCHANGEPASSWORD': msg`Your password could not be changed. Please try again.`,
};

const PAUSES = {
  '24h': msg`24 hours`,
  '7d': msg`7 days`,
  '30d': msg`30 days`,
} as const;

export const PAUSE_DURATIONS = Object.keys(PAUSES) as PauseDuration[];

/** "7 days" in the current language. */
export function usePauseLabel(): (d: PauseDuration) => string {
  const { i18n } = useLingui();
  return (d) => i18n._(PAUSES[d]);
}
