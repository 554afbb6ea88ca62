// Translated words of the results screen that come from data: pick/result labels (HOME, AWAY, ANY…),
// slip states, result-filter options and prize names.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type PickLabel,
  type ResultFilterId,
  type SlipState,
  titleCase,
} from '../../../machines/rules/results';

export const PICK_LABELS: Record<PickLabel, MessageDescriptor> = {
  HOME: msg`HOME`,
  AWAY: msg`AWAY`,
  DRAW: msg`DRAW`,
  'HOME, AWAY': msg`HOME, AWAY`,
  'HOME, DRAW': msg`HOME, DRAW`,
  'AWAY, DRAW': msg`AWAY, DRAW`,
  ANY: msg`ANY`,
  'N/A': msg`N/A`,
};

export const STATE_LABELS: Record<SlipState, MessageDescriptor> = {
  won: msg`Won`,
  lost: msg`Not won`,
  pending: msg`Awaiting results`,
};

export const RESULT_FILTER_LABELS: Record<ResultFilterId, MessageDescriptor> = {
  all: msg`All`,
  won: msg`Won`,
  notWon: msg`Not Won`,
};

const PRIZE_NAMES: Record<string, MessageDescriptor> = {
  JACKPOT: msg`Jackpot`,
  'FIRST PRIZE': msg`First Prize`,
  'SECOND PRIZE': msg`Second Prize`,
  'THIRD PRIZE': msg`Third Prize`,
  'FOURTH PRIZE': msg`Fourth Prize`,
  'FIFTH PRIZE': msg`Fifth Prize`,
};

/** The prize's name in title case, translated when it is one of ours (unknown names as sent). */
export function prizeName(prizeWon: string, translate: (d: MessageDescriptor) => string): string {
  const known = PRIZE_NAMES[prizeWon.trim().toUpperCase()];
  return known ? translate(known) : titleCase(prizeWon);
}
