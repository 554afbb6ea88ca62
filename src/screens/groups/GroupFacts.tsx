// What anyone with a group's link sees (DESIGN.md "Group play"): its name and code, round, price per
// share, shares left, status and when it closes. No phone numbers.
import { useLingui } from '@lingui/react/macro';
import { sharesLeft } from '../../../machines/rules/groupShares';
import { showInstant } from '../../../machines/rules/maseruTime';
import { formatM } from '../../../machines/rules/money';
import type { PublicGroup } from '../../api/groups';
import { STATUS_WORDS } from './words';
import '../../components/dialog.css';

export function GroupFacts({ group }: { group: PublicGroup }) {
  const { t, i18n } = useLingui();
  const left = sharesLeft(group);
  const { shares } = group;
  return (
    <dl className="confirm-details group-facts" data-testid="group-facts">
      <div>
        <dt>{t`Code`}</dt>
        <dd data-testid="group-code">{group.code}</dd>
      </div>
      <div>
        <dt>{t`Round`}</dt>
        <dd className="group-round">{group.sid}</dd>
      </div>
      <div>
        <dt>{t`Price per share`}</dt>
        <dd data-testid="group-share-price">{formatM(group.sharePrice)}</dd>
      </div>
      <div>
        <dt>{t`Shares left`}</dt>
        <dd data-testid="group-left">{t`${left} of ${shares}`}</dd>
      </div>
      <div>
        <dt>{t`Status`}</dt>
        <dd data-testid="group-status" data-status={group.status}>
          {i18n._(STATUS_WORDS[group.status])}
        </dd>
      </div>
      <div>
        <dt>{t`Closes`}</dt>
        <dd>{showInstant(group.closesAt)}</dd>
      </div>
    </dl>
  );
}
