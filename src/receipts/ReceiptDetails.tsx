// What a receipt says, as the receipt sheet and /verify show it: the reference, the picks (with the
// matches when we know them), the price, a system slip's system and rows, how it was paid and the
// server's time in Maseru.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatM } from '../../machines/rules/money';
import { maskMsisdn } from '../../machines/rules/phoneDisplay';
import { useSessionUser } from '../session/hooks';
import { pickLabel, type ReceiptPayload, receiptTime } from './receipt';

export interface MatchName {
  homeTeam: string;
  awayTeam: string;
}

export function ReceiptDetails({
  payload,
  matches,
  showNumber = false,
}: {
  payload: ReceiptPayload;
  /** The betslip's matches, when this is the betslip on screen. */
  matches?: readonly MatchName[];
  /** The subscriber's number, masked for anyone but its owner (signed in with that number). */
  showNumber?: boolean;
}) {
  const { t } = useLingui();
  const price = formatM(payload.cost);
  const paid = {
    WALLET: t`From the wallet`,
    AIRTIME: t`By airtime`,
    GROUP: t`By the group's shares`,
  }[payload.paidFrom];
  const time = receiptTime(payload.at);
  // A shared link reaches strangers: they see enough to tell one slip from another, not a number to call.
  const owner = useSessionUser() === payload.msisdn;
  return (
    <div className="receipt">
      <p className="receipt-ref">
        <span>
          <Trans>Reference</Trans>
        </span>{' '}
        <strong data-testid="receipt-reference">{payload.ref}</strong>
      </p>
      <dl className="receipt-facts">
        <div>
          <dt>
            <Trans>Betslip</Trans>
          </dt>
          <dd>{payload.sid}</dd>
        </div>
        {showNumber && (
          <div>
            <dt>
              <Trans>Number</Trans>
            </dt>
            <dd data-testid="receipt-number">{owner ? payload.msisdn : maskMsisdn(payload.msisdn)}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd>{price}</dd>
        </div>
        {payload.systemId && (
          <div>
            <dt>
              <Trans>System</Trans>
            </dt>
            <dd>{payload.systemId}</dd>
          </div>
        )}
        {payload.rows !== undefined && payload.rows > 1 && (
          <div>
            <dt>
              <Trans>Rows</Trans>
            </dt>
            <dd>{payload.rows}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Paid</Trans>
          </dt>
          <dd>{paid}</dd>
        </div>
        <div>
          <dt>
            <Trans>Accepted at</Trans>
          </dt>
          <dd>{time}</dd>
        </div>
      </dl>
      <ol className="receipt-picks" aria-label={t`Picks`}>
        {payload.predictions.map((p, i) => {
          const m = matches?.[i];
          const number = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a slip's picks are in betslip order and never move
            <li key={i}>
              <span className="receipt-no">{number}.</span>
              <span className="receipt-match">
                {m ? `${m.homeTeam} – ${m.awayTeam}` : t`Match ${number}`}
              </span>
              <strong className="receipt-pick">{pickLabel(p)}</strong>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
