// A round's status in the operator's language: the chips showed the server's codes ('SETTLING') in
// the Sesotho UI. A status not known here is shown as the server wrote it.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const STATUS: Record<string, MessageDescriptor> = {
  DRAFT: msg`Draft`,
  SCHEDULED: msg`Scheduled`,
  CURRENT: msg`Open`,
  CLOSED: msg`Closed`,
  SETTLING: msg`Settling`,
  SETTLED: msg`Settled`,
};

export function betslipStatusText(status: string, i18n: I18n): string {
  const known = STATUS[status];
  return known ? i18n._(known) : status;
}
