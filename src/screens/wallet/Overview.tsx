// Overview: the four figures, and what is under processing (with each cash-out's reference)
// only while a cash-out is held.
import { useLingui } from '@lingui/react/macro';
import { formatM } from '../../../machines/rules/money';
import type { WalletInfo } from '../../api/wallet';

export function Overview({ wallet }: { wallet: WalletInfo }) {
  const { t } = useLingui();
  const figures = [
    { id: 'available', label: t`Total available`, amount: wallet.totalAvailableAmount },
    { id: 'withdrawable', label: t`Available to cash out`, amount: wallet.withdrawablemount },
    { id: 'won', label: t`Total earnings`, amount: wallet.totalWonAmount },
    { id: 'withdrawn', label: t`Total cash-outs`, amount: wallet.totalWithdrawnAmount },
  ];
  return (
    <div className="wallet-overview">
      <dl className="figures">
        {figures.map((f) => (
          <div key={f.id} className={`figure figure-${f.id}`} data-testid={`figure-${f.id}`}>
            <dt>{f.label}</dt>
            <dd>{formatM(f.amount)}</dd>
          </div>
        ))}
      </dl>
      {wallet.currentlyWithheldAmount !== 0 && (
        <div className="figure figure-withheld" data-testid="figure-withheld">
          <p className="figure-label">{t`Under processing`}</p>
          <p className="figure-amount">{formatM(wallet.currentlyWithheldAmount)}</p>
          <p className="hint">{t`Cash-outs waiting for the mobile money provider to confirm.`}</p>
          {/* Each with its reference, so the subscriber can ask about it. */}
          {wallet.pendingCashOuts?.length ? (
            <ul className="pending-list">
              {wallet.pendingCashOuts.map((c) => (
                <li key={c.reference}>
                  <span>{t`Reference ${c.reference}`}</span>
                  <span className="pending-amount">{formatM(c.amount)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </div>
  );
}
