// What the call centre reads about one subscriber: account, subscription, wallet and its moves, slips with
// their receipt references, payments not final yet. Read-only; every list is stacked rows.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { showInstant, showWireDate } from '../../../machines/rules/maseruTime';
import { formatM } from '../../../machines/rules/money';
import type { SupportCashOut, SupportDeposit, SupportView } from '../../api/support';
import { moveReason } from '../wallet/moveReasons';

/** How many wallet moves are listed (the newest). */
const MOVES_SHOWN = 10;

const STATUSES: Record<string, MessageDescriptor> = {
  PENDING: msg`Waiting`,
  CONFIRMED: msg`Confirmed`,
  CANCELLED: msg`Cancelled`,
  FAILED: msg`Failed`,
  CURRENT: msg`Open`,
  CLOSED: msg`Closed`,
  SETTLING: msg`Being paid`,
  SETTLED: msg`Settled`,
  SCHEDULED: msg`Scheduled`,
};

const LANGUAGES: Record<string, MessageDescriptor> = { st: msg`Sesotho`, en: msg`English` };

/** One format for every date on this screen (dd/MM/yyyy HH:mm, Maseru time): wire dates and instants alike. */
const when = (text: string) => (text.includes('T') ? showInstant(text) : showWireDate(text));

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="support-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-card support-section" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Payments({ cashOuts, deposits }: { cashOuts: SupportCashOut[]; deposits: SupportDeposit[] }) {
  const { t, i18n } = useLingui();
  const status = (s: string) => (STATUSES[s] ? i18n._(STATUSES[s]) : s);
  if (cashOuts.length === 0 && deposits.length === 0)
    return (
      <p>
        <Trans>No payment is waiting.</Trans>
      </p>
    );
  return (
    <ul className="support-rows">
      {cashOuts.map((c) => (
        <li key={`c-${c.reference ?? c.createDate}`}>
          <b>{t`Cash-out`}</b>
          <span className="support-ref">{c.reference}</span>
          <span>{formatM(c.amount)}</span>
          <span>{status('PENDING')}</span>
          <span className="support-muted">
            {when(c.createDate)} · {c.mobileWalletSid}
          </span>
        </li>
      ))}
      {deposits.map((d) => (
        <li key={`d-${d.depositId}`}>
          <b>{t`Deposit`}</b>
          <span className="support-ref">{d.reference}</span>
          <span>{formatM(d.amount)}</span>
          <span>{status(d.status)}</span>
          <span className="support-muted">
            {when(d.createDate)} · {d.mobileWalletSid}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function SupportDetails({ view }: { view: SupportView }) {
  const { t, i18n } = useLingui();
  const { account, subscription, wallet, slips, pending } = view;
  const none = t`Not set`;
  const yes = t`Yes`;
  const no = t`No`;
  const status = (s: string) => (STATUSES[s] ? i18n._(STATUSES[s]) : s);
  const language = account.language
    ? LANGUAGES[account.language]
      ? i18n._(LANGUAGES[account.language] as MessageDescriptor)
      : account.language
    : none;

  return (
    <div className="support-details">
      <Section id="support-account" title={t`Account`}>
        <Facts
          rows={[
            [t`Number`, `+${account.msisdn}`],
            [t`Language`, language],
            [t`Registered`, when(account.registeredAt)],
            [t`Terms accepted`, account.termsVersion ?? no],
            [t`18 or older confirmed`, account.ageConfirmedAt ? when(account.ageConfirmedAt) : no],
            [t`On a break until`, account.pausedUntil ? when(account.pausedUntil) : none],
            [t`Weekly spending limit`, account.weeklyLimit === null ? none : formatM(account.weeklyLimit)],
            [
              t`Weekly deposit limit`,
              account.weeklyDepositLimit === null ? none : formatM(account.weeklyDepositLimit),
            ],
          ]}
        />
      </Section>

      <Section id="support-subscription" title={t`Subscription`}>
        <Facts
          rows={[
            [t`Subscribed to Jackpot 14`, subscription.enabled ? yes : no],
            [
              t`Other subscriptions`,
              subscription.otherSubscriptions.length ? subscription.otherSubscriptions.join(', ') : none,
            ],
          ]}
        />
      </Section>

      <Section id="support-wallet" title={t`Wallet`}>
        <Facts
          rows={[
            [t`Balance`, formatM(wallet.totalAvailableAmount)],
            [t`Can be cashed out`, formatM(wallet.withdrawablemount)],
            [t`Held for cash-outs`, formatM(wallet.currentlyWithheldAmount)],
            [t`Won in all`, formatM(wallet.totalWonAmount)],
            [t`Deposited in all`, formatM(wallet.totalDepositedAmount)],
            [t`Cashed out in all`, formatM(wallet.totalWithdrawnAmount)],
          ]}
        />
        <h3>
          <Trans>Latest moves</Trans>
        </h3>
        {wallet.walletMovesDto.length === 0 ? (
          <p>
            <Trans>No moves yet.</Trans>
          </p>
        ) : (
          <ul className="support-rows">
            {wallet.walletMovesDto.slice(0, MOVES_SHOWN).map((m, i) => (
              // Moves have no id on the wire; their order is fixed (newest first).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>
                <b>{moveReason(i18n, m.reason)}</b>
                <span className={m.amount < 0 ? 'support-out' : 'support-in'}>{formatM(m.amount)}</span>
                <span>
                  <Trans>balance {formatM(m.balanceAfter)}</Trans>
                </span>
                <span className="support-muted">{when(m.createDate)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="support-slips" title={t`Slips`}>
        {slips.length === 0 ? (
          <p>
            <Trans>No slips yet.</Trans>
          </p>
        ) : (
          <ul className="support-rows">
            {slips.map((s) => (
              <li key={s.reference ?? `${s.sid}-${s.createdAt}`} data-testid="support-slip">
                <span className="support-ref">{s.reference ?? '—'}</span>
                <span>
                  <Trans>
                    Round {s.sid} · {status(s.roundStatus)}
                  </Trans>
                </span>
                <span>
                  {formatM(s.cost)} · {s.paidFrom === 'AIRTIME' ? t`airtime` : t`wallet`} · {s.channel}
                </span>
                <span className="support-muted">{when(s.createdAt)}</span>
                {s.outcome && (
                  <span className="support-outcome">
                    {s.outcome.amountWon > 0 ? (
                      <Trans>
                        {s.outcome.correctCount} right, won {formatM(s.outcome.amountWon)}
                      </Trans>
                    ) : (
                      <Trans>{s.outcome.correctCount} right, no prize</Trans>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="support-pending" title={t`Payments waiting`}>
        <Payments cashOuts={pending.cashOuts} deposits={pending.deposits} />
      </Section>
    </div>
  );
}
