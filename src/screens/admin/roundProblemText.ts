// The round rules' reasons (machines/rules/round.ts: plain English, also the server's BETSLIP.INVALID
// message) in the operator's language. A reason not known here is shown as the rules wrote it.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export function roundProblemText(why: string, i18n: I18n): string {
  const fixed: Record<string, ReturnType<typeof msg>> = {
    'every match needs a kick-off': msg`Every match needs a kick-off.`,
    'a betslip has 14 matches': msg`A round has 14 matches.`,
    'endDate is not a date': msg`The closing time is not a date.`,
    'endDate must be in the future': msg`The closing time must be in the future.`,
    'endDate is more than five years away': msg`The closing time is more than five years away.`,
    'a startDate is not a date': msg`A kick-off is not a date.`,
    'every match needs a tournament and two teams': msg`Every match needs a tournament and two teams.`,
    'a team cannot play itself': msg`A team cannot play itself.`,
    'the closing time is after the first kick-off': msg`The round must close by the first kick-off.`,
    'an unknown prize tier': msg`A prize for an unknown tier.`,
    'a prize type twice': msg`A prize tier is given twice.`,
    'prize amounts have at most two decimals': msg`Prize amounts have at most two decimals.`,
  };
  const known = fixed[why];
  if (known) return i18n._(known);
  if (why.startsWith('defaultBetslipPrice') || why.startsWith('the dearest slip'))
    return i18n._(
      msg`Check the price: a positive amount with at most two decimals, and no slip dearer than M 100,000.`,
    );
  if (why.startsWith('thirdChance') || why.startsWith('multipleChance'))
    return i18n._(
      msg`Check how many triples and multiples a slip may have (0 to 14, triples at most the multiples).`,
    );
  if (why.startsWith('feePer')) return i18n._(msg`A double or triple multiplies the price by 1 to 10.`);
  return why;
}
