// "More": the pages that have no tab of their own in the phone's bottom bar (contact, terms, privacy and,
// for operators, operations). On wide screens the header shows them too; here they are always one tap away.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ROLES } from '../../../machines/rules/roles';
import { useHasRole } from '../../session/hooks';

export function MoreLinks() {
  const { t } = useLingui();
  const operator = useHasRole(ROLES.admin);
  return (
    <nav className="account-card" aria-labelledby="acc-more" data-testid="account-more">
      <h2 id="acc-more">
        <Trans>More</Trans>
      </h2>
      <ul className="more-links">
        <li>
          <Link to="/contact">{t`Contact us`}</Link>
        </li>
        <li>
          <Link to="/tnc">{t`Terms`}</Link>
        </li>
        {operator && (
          <li>
            <Link to="/admin">{t`Operations`}</Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
