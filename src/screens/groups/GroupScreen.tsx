// /g/<code>: a group slip (DESIGN.md "Group play"). Anyone sees what it is (name, price per share, shares
// left, status, close); a visitor is offered sign-in or registration; a signed-in subscriber buys shares
// (confirmed first) and, as a member, sees the picks, the members, their own shares, the receipt once
// submitted and the winnings once settled. The route's loader started the first read.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { sharesLeft } from '../../../machines/rules/groupShares';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { type GroupView, readGroupView, type SharesBought } from '../../api/groups';
import { useIsLoggedIn, useSession } from '../../session/hooks';
import { BuyShares } from './BuyShares';
import { GroupFacts } from './GroupFacts';
import { MemberDetails } from './MemberDetails';
import { useGroupMessage } from './messages';
import '../account/account.css';
import './groups.css';

// /groups comes in this chunk too: one chunk less for the first load's list of lazy files.
export { default as GroupsScreen } from './GroupsScreen';

type State = { kind: 'loading' } | { kind: 'error'; key: string } | GroupView;

function SignInOffer({ code }: { code: string }) {
  const redirect = `/g/${code}`;
  return (
    <section className="account-card" aria-labelledby="group-join">
      <h2 id="group-join">
        <Trans>Join this group</Trans>
      </h2>
      <p>
        <Trans>Sign in to buy shares. New to Jackpot 14? Register with your phone number.</Trans>
      </p>
      <div className="form-row">
        <Link to="/login" search={{ redirect }} className="btn btn-gold">
          <Trans>Sign in</Trans>
        </Link>
        <Link to="/register" search={{ redirect }} className="btn btn-ghost">
          <Trans>Register</Trans>
        </Link>
      </div>
    </section>
  );
}

export default function GroupScreen() {
  const { t } = useLingui();
  const say = useGroupMessage();
  const { code } = useParams({ from: '/shell/g/$code' });
  const { group: loaded } = useLoaderData({ from: '/shell/g/$code' });
  const signedIn = useIsLoggedIn();
  const session = useSession();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [bought, setBought] = useState<SharesBought | null>(null);

  useEffect(() => {
    let gone = false;
    loaded.then(
      (view) => !gone && setState(view),
      (error) => !gone && setState({ kind: 'error', key: messageKeyOf(error) }),
    );
    return () => {
      gone = true;
    };
  }, [loaded]);

  const afterBuy = (answer: SharesBought) => {
    setBought(answer);
    readGroupView(code, session).then(setState, () => undefined); // the buy stands; the page shows it next visit
  };

  const group = state.kind === 'member' || state.kind === 'public' ? state.group : null;
  const open = group?.status === 'OPEN' && sharesLeft(group) > 0;
  const name = group?.name ?? '';
  const reference = bought?.reference ?? '';
  return (
    <section
      className="page account group-page"
      aria-labelledby="page-title"
      aria-busy={state.kind === 'loading'}
    >
      <h1 id="page-title">{group ? t`Group ${name}` : t`Group ${code}`}</h1>
      {state.kind === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {state.kind === 'error' && (
        <p className="form-error" role="alert" data-testid="group-refusal" data-key={state.key}>
          {say(state.key)}
        </p>
      )}
      {group && (
        <section className="account-card" aria-labelledby="group-about">
          <h2 id="group-about">
            <Trans>About this group</Trans>
          </h2>
          <p>
            <Trans>
              A group slip is played together: each member buys shares, and the winnings are split by shares
              to the cent.
            </Trans>
          </p>
          <GroupFacts group={group} />
        </section>
      )}
      {bought && (
        <p className="hint" role="status" data-testid="group-bought">
          <Trans>Your shares are bought. Reference {reference}</Trans>
        </p>
      )}
      {group && !signedIn && <SignInOffer code={code} />}
      {group && signedIn && open && (
        <section className="account-card" aria-labelledby="group-buy">
          <h2 id="group-buy">{state.kind === 'member' ? t`More shares` : t`Join this group`}</h2>
          <BuyShares group={group} member={state.kind === 'member'} onBought={afterBuy} />
        </section>
      )}
      {state.kind === 'member' && <MemberDetails group={state.group} />}
      {signedIn && (
        <p>
          <Link to="/groups">
            <Trans>My groups</Trans>
          </Link>
        </p>
      )}
    </section>
  );
}
