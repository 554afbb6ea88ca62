// /groups: play together. Join a group by its 6-digit code, and my groups (captain or member), each
// opening its page. A group is opened from /play, with the picks ("Play as a group").
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { formatM } from '../../../machines/rules/money';
import { type MyGroup, myGroups } from '../../api/groups';
import { JoinByCode } from './JoinByCode';
import { useGroupMessage } from './messages';
import { STATUS_WORDS } from './words';
import '../account/account.css';
import './groups.css';

type State = { kind: 'loading' } | { kind: 'error'; key: string } | { kind: 'ready'; groups: MyGroup[] };

function GroupRow({ group }: { group: MyGroup }) {
  const { t, i18n } = useLingui();
  const { name, myShares, shares } = group;
  return (
    <li>
      <Link to="/g/$code" params={{ code: group.code }}>
        <strong>{name}</strong>
        <span>{group.code}</span>
        <span>{t`${myShares} of ${shares} shares`}</span>
        <span className="group-list-price">{formatM(group.sharePrice)}</span>
        <span data-status={group.status}>{i18n._(STATUS_WORDS[group.status])}</span>
      </Link>
    </li>
  );
}

export default function GroupsScreen() {
  const say = useGroupMessage();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const ctrl = new AbortController();
    myGroups(ctrl.signal).then(
      (groups) => setState({ kind: 'ready', groups: Array.isArray(groups) ? groups : [] }),
      (error) => !ctrl.signal.aborted && setState({ kind: 'error', key: messageKeyOf(error) }),
    );
    return () => ctrl.abort();
  }, []);

  return (
    <section className="page account" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Play together</Trans>
      </h1>
      <section className="account-card" aria-labelledby="groups-join">
        <h2 id="groups-join">
          <Trans>Join a group</Trans>
        </h2>
        <JoinByCode />
        <p className="hint">
          <Trans>
            To open your own group, make your picks on the Play page and choose "Play as a group".
          </Trans>
        </p>
      </section>
      <section className="account-card" aria-labelledby="groups-mine" aria-busy={state.kind === 'loading'}>
        <h2 id="groups-mine">
          <Trans>My groups</Trans>
        </h2>
        {state.kind === 'loading' && (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
        {state.kind === 'error' && (
          <p className="form-error" role="alert">
            {say(state.key)}
          </p>
        )}
        {state.kind === 'ready' && state.groups.length === 0 && (
          <p>
            <Trans>You are not in any group yet.</Trans>
          </p>
        )}
        {state.kind === 'ready' && state.groups.length > 0 && (
          <ul className="group-list" data-testid="my-groups">
            {state.groups.map((g) => (
              <GroupRow key={g.code} group={g} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
