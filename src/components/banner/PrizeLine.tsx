// One prize as the ticker says it: '14 correct: M 250,000.00'.
import { useLingui } from '@lingui/react/macro';
import { formatM } from '../../../machines/rules/money';
import type { Prize } from '../../api/play';

export function PrizeLine({ prize }: { prize: Prize }) {
  const { t } = useLingui();
  const type = prize.prizeType;
  const amount = formatM(prize.amount);
  return <span className="ticker-line">{t`${type} correct: ${amount}`}</span>;
}
