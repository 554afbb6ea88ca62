// "More": the pages that have no tab of their own in the phone's bottom bar (contact, terms, privacy and,
// for operators, their screens). On wide screens the header shows them too; here they are always one tap away.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useOperatorLinks } from '../../shell/operatorLinks';

export function MoreLinks() {
  const { t } = useLingui();
  const operatorLinks = useOperatorLinks();
  return (
    <nav className="account-card" aria-labelledby="acc-more" data-testid="account-more">
      <h2 id="acc-more">
        <Trans>More</Trans>
      </h2>
      <ul className="more-links">
        <li>
          <Link to="/groups">{t`Play together: join a group, my groups`}</Link>
        </li>
        <li>
          <Link to="/contact">{t`Contact us`}</Link>
        </li>
        <li>
          <Link to="/tnc">{t`Terms`}</Link>
        </li>
        {operatorLinks.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
