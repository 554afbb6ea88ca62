// The operators' audit trail, newest first, filtered by operator, action, subscriber (or any target) and
// date. Admins only (the server checks); each read is itself audited.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { showInstant } from '../../../machines/rules/maseruTime';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { type AuditFilter, type AuditRow, auditLog } from '../../api/admin';
import { useServerMessage } from '../../i18n/serverMessages';
import { auditActionText, auditDetailRows } from './auditText';

/** A calendar day (yyyy-mm-dd) as the start of that day in Maseru (UTC+2, no daylight saving). */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00+02:00`).toISOString() : undefined);
const dayEnd = (day: string) =>
  day ? new Date(new Date(`${day}T00:00:00+02:00`).getTime() + 86_400_000).toISOString() : undefined;

export function AuditLog() {
  const { t, i18n } = useLingui();
  const say = useServerMessage();
  const [form, setForm] = useState({ actor: '', action: '', target: '', from: '', to: '' });
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    const filter: AuditFilter = {
      actor: form.actor.trim(),
      action: form.action.trim(),
      target: form.target.trim(),
      from: dayStart(form.from),
      to: dayEnd(form.to),
    };
    try {
      setRows(await auditLog(filter));
      setError(null);
    } catch (err) {
      setError(messageKeyOf(err));
    }
  };

  const field = (name: keyof typeof form, label: string, type = 'text') => (
    <label className="admin-field">
      <span>{label}</span>
      <input
        type={type}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      />
    </label>
  );

  return (
    <section className="admin-audit" aria-labelledby="audit-title">
      <h2 id="audit-title">
        <Trans>Audit log</Trans>
      </h2>
      <form className="admin-audit-filter" onSubmit={(e) => void search(e)}>
        {field('actor', t`Operator`)}
        {field('action', t`Action`)}
        {field('target', t`Subscriber or betslip`)}
        {field('from', t`From`, 'date')}
        {field('to', t`To`, 'date')}
        <button type="submit" className="btn btn-ghost">
          <Trans>Show</Trans>
        </button>
      </form>
      {error && (
        <p className="admin-notice admin-notice-error" role="alert">
          {say(error)}
        </p>
      )}
      {rows?.length === 0 && (
        <p>
          <Trans>Nothing matches.</Trans>
        </p>
      )}
      {rows && rows.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Operator</Trans>
                </th>
                <th scope="col">
                  <Trans>Action</Trans>
                </th>
                <th scope="col">
                  <Trans>On</Trans>
                </th>
                <th scope="col">
                  <Trans>Detail</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{showInstant(r.at)}</td>
                  <td>{r.actor}</td>
                  <td title={r.action}>{auditActionText(r.action, i18n)}</td>
                  <td>{r.target}</td>
                  <td>
                    <dl className="admin-audit-detail">
                      {auditDetailRows(r.detail).map(([label, value]) => (
                        <div key={label}>
                          {label && <dt>{label}</dt>}
                          <dd>{value}</dd>
                        </div>
                      ))}
                    </dl>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
