// The operator screens a signed-in user may open, by role: one list for the header and the account page's
// "More", so a link shows exactly where the route's guard lets it through. Subscribers get none.
import { useLingui } from '@lingui/react/macro';
import { ROLES } from '../../machines/rules/roles';
import { useHasRole } from '../session/hooks';

export function useOperatorLinks(): { to: '/admin' | '/support' | '/marketing'; label: string }[] {
  const { t } = useLingui();
  const admin = useHasRole(ROLES.admin);
  const callCenter = useHasRole(ROLES.callCenter);
  const marketing = useHasRole(ROLES.marketing);
  return [
    ...(admin ? [{ to: '/admin' as const, label: t`Operations` }] : []),
    ...(admin || callCenter ? [{ to: '/support' as const, label: t`Call centre` }] : []),
    ...(admin || marketing ? [{ to: '/marketing' as const, label: t`Marketing` }] : []),
  ];
}
