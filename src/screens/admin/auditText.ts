// The audit log in the operator's words: what was done (not the server's code) and its detail as
// "label: value" with amounts in M (the server records cents), instead of a line of JSON.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatCents } from '../../../machines/rules/money';

const ACTIONS: Record<string, MessageDescriptor> = {
  'AUDIT.READ': msg`Read the audit log`,
  'BETSLIP.CREATE': msg`Created a round`,
  'BETSLIP.PREVIEW': msg`Previewed a settlement`,
  'BETSLIP.PUBLISH': msg`Published a round`,
  'BETSLIP.RESULT': msg`Entered a result`,
  'BETSLIP.SETTLE': msg`Settled a round`,
  'BETSLIPS.LIST': msg`Listed rounds`,
  'BETSLIPS.READ': msg`Read a subscriber's slips`,
  'DEPOSITS.READ': msg`Read deposits`,
  'OPERATOR.ADD': msg`Added an operator`,
  'OPERATOR.DISABLE': msg`Disabled an operator`,
  'OPERATOR.PASSWORD_RESET': msg`Reset an operator's password`,
  'OPERATOR.PASSWORD_CHANGED': msg`Changed their own password`,
  'OPERATORS.LIST': msg`Listed operators`,
  'PASSWORD_RESET.SENT': msg`Sent a password reset SMS`,
  'PRIZES.READ': msg`Read the prize table`,
  'PRIZES.REPLACE': msg`Changed the prize table`,
  'REPORTS.READ': msg`Read the reports`,
  'SUBSCRIBER.READ': msg`Looked up a subscriber`,
  'TESTIMONIAL.ADD': msg`Added a testimonial`,
  'TESTIMONIAL.DELETE': msg`Removed a testimonial`,
  'TESTIMONIALS.READ': msg`Read testimonials`,
  'WALLET.READ': msg`Read a subscriber's wallet`,
};

/** What an audited action did; an action not known here shows its code. */
export function auditActionText(action: string, i18n: I18n): string {
  const known = ACTIONS[action];
  return known ? i18n._(known) : action;
}

/** A detail value as read: cents as M, lists joined, objects flattened one level deep. */
function showValue(key: string, value: unknown): string {
  if (typeof value === 'number' && /cents$/i.test(key)) return formatCents(value);
  if (Array.isArray(value)) return value.map((v) => showValue(key, v)).join(', ');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The detail's fields as [label, value] pairs; the label drops the wire's "Cents" ending. */
export function auditDetailRows(detail: unknown): [string, string][] {
  if (detail === null || detail === undefined) return [];
  if (typeof detail !== 'object' || Array.isArray(detail)) return [['', showValue('', detail)]];
  return Object.entries(detail).map(([key, value]) => [key.replace(/Cents$/, ''), showValue(key, value)]);
}
