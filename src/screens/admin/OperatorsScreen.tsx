// Staff accounts (/admin/operators, ROLE_ADMIN; lazy): every operator with their role, state and last
// sign-in; add call-centre, marketing and admin staff; reset a password (the operator chooses a new one at
// the next sign-in) or disable an account, each after a confirmation. The server audits every read and action.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { showInstant } from '../../../machines/rules/maseruTime';
import { isOperatorRole, type OperatorRole } from '../../../machines/rules/operatorName';
import { isPasswordCompliant } from '../../../machines/rules/password';
import { addOperator, disableOperator, listOperators, resetOperatorPassword } from '../../api/operators';
import { PasswordField } from '../../components/PasswordInput';
import { useServerMessage } from '../../i18n/serverMessages';
import { useSessionUser } from '../../session/hooks';
import { AddOperatorForm, ROLE_LABELS } from './AddOperatorForm';
import { ConfirmPanel } from './ConfirmPanel';
import './admin.css';
import { LoadFailed, OperatorNotice } from './OperatorNotice';
import { useOperatorList, useOperatorRun } from './useOperatorList';

type Open = { username: string; kind: 'disable' | 'password' } | null;

export default function OperatorsScreen() {
  const { t, i18n } = useLingui();
  const say = useServerMessage();
  const me = useSessionUser();
  const [open, setOpen] = useState<Open>(null);
  const [newPassword, setNewPassword] = useState('');
  const { list: operators, loadError, load } = useOperatorList(listOperators);
  const { busy, notice, setNotice, run } = useOperatorRun(async () => {
    setOpen(null);
    await load();
  });

  const add = (username: string, role: OperatorRole, password: string) =>
    run(async () => {
      await addOperator(username, role, password);
      return t`${username} was added. They choose their own password when they first sign in.`;
    });

  const reset = (username: string) => {
    if (!isPasswordCompliant(newPassword)) {
      setNotice({ kind: 'error', text: say('PASSWORD.NOT_COMPLIANT') });
      return;
    }
    void run(async () => {
      await resetOperatorPassword(username, newPassword);
      setNewPassword('');
      return t`The password of ${username} was reset. They choose a new one at their next sign-in.`;
    });
  };

  const roleNames = (roles: string[]) =>
    roles.map((r) => (isOperatorRole(r) ? i18n._(ROLE_LABELS[r]) : r)).join(', ');

  return (
    <section className="page admin operators" aria-labelledby="page-title" aria-busy={busy}>
      <h1 id="page-title">
        <Trans>Staff accounts</Trans>
      </h1>
      <p>
        <Link to="/admin">
          <Trans>Back to Operations</Trans>
        </Link>
      </p>

      <OperatorNotice notice={notice} sticky />

      {loadError && <LoadFailed message={say(loadError)} onRetry={() => void load()} />}
      {!loadError && operators === null && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {operators && (
        <ul className="admin-betslips" aria-label={t`Staff accounts`}>
          {operators.map((o) => (
            <li key={o.username} className="admin-card" data-testid={`operator-${o.username}`}>
              <div className="admin-betslip-head">
                <strong>{o.username}</strong>
                <span className="admin-status">{roleNames(o.roles)}</span>
                {o.disabled && (
                  <span className="admin-status">
                    <Trans>Disabled</Trans>
                  </span>
                )}
                {!o.disabled && o.mustChangePassword && (
                  <span className="admin-status">
                    <Trans>Must choose a password</Trans>
                  </span>
                )}
              </div>
              <p className="admin-end">
                {o.lastSignInAt ? (
                  <Trans>Last sign-in: {showInstant(o.lastSignInAt)}</Trans>
                ) : (
                  <Trans>Never signed in</Trans>
                )}
              </p>
              {!o.disabled && (
                <div className="admin-actions">
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={busy}
                    aria-expanded={open?.username === o.username && open.kind === 'password'}
                    onClick={() => {
                      setNewPassword('');
                      setOpen({ username: o.username, kind: 'password' });
                    }}
                  >
                    <Trans>Reset password</Trans>
                  </button>
                  {/* Nobody disables themselves (the server refuses it too). */}
                  {o.username !== me && (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      disabled={busy}
                      aria-expanded={open?.username === o.username && open.kind === 'disable'}
                      onClick={() => setOpen({ username: o.username, kind: 'disable' })}
                    >
                      <Trans>Disable</Trans>
                    </button>
                  )}
                </div>
              )}
              {open?.username === o.username && open.kind === 'disable' && (
                <ConfirmPanel
                  title={t`Disable ${o.username}?`}
                  confirmLabel={t`Confirm disable`}
                  busy={busy}
                  onCancel={() => setOpen(null)}
                  onConfirm={() =>
                    void run(async () => {
                      await disableOperator(o.username);
                      return t`${o.username} is disabled and signed out.`;
                    })
                  }
                >
                  <p>
                    <Trans>They can no longer sign in, and their open sessions end within minutes.</Trans>
                  </p>
                </ConfirmPanel>
              )}
              {open?.username === o.username && open.kind === 'password' && (
                <ConfirmPanel
                  title={t`Reset the password of ${o.username}?`}
                  confirmLabel={t`Confirm reset`}
                  busy={busy}
                  onCancel={() => setOpen(null)}
                  onConfirm={() => reset(o.username)}
                >
                  <PasswordField
                    id={`reset-${o.username}`}
                    label={t`Temporary password`}
                    name="new-password"
                    autoComplete="new-password"
                    value={newPassword}
                    onValue={setNewPassword}
                  />
                  <p>
                    <Trans>
                      They are signed out everywhere and choose their own password at the next sign-in.
                    </Trans>
                  </p>
                </ConfirmPanel>
              )}
            </li>
          ))}
        </ul>
      )}

      <AddOperatorForm busy={busy} onAdd={add} />
    </section>
  );
}
