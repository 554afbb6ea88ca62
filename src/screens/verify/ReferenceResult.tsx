// /verify's answer to a reference typed alone: the server's look-up (which round, when, how it was
// played; never whose slip or its picks), said plainly to confirm only that the reference exists, while
// the full check stays the signed receipt link.
import { Trans, useLingui } from '@lingui/react/macro';
import { showInstant } from '../../../machines/rules/maseruTime';
import type { ReceiptLookup } from '../../api/receipts';
import { useServerMessage } from '../../i18n/serverMessages';
import type { Verdict } from '../../receipts/verifyText';

type ReferenceVerdict = Extract<
  Verdict,
  { status: 'found' | 'not-found' | 'reference-offline' | 'lookup-failed' }
>;

export const isReferenceVerdict = (v: { status: string }): v is ReferenceVerdict =>
  v.status === 'found' ||
  v.status === 'not-found' ||
  v.status === 'reference-offline' ||
  v.status === 'lookup-failed';

function ChannelName({ channel }: { channel: ReceiptLookup['channel'] }) {
  const { t } = useLingui();
  if (channel === 'USSD') return <>{t`USSD`}</>;
  if (channel === 'SMS') return <>{t`SMS`}</>;
  return <>{t`The app`}</>;
}

export function ReferenceResult({ verdict }: { verdict: ReferenceVerdict }) {
  const { t } = useLingui();
  const say = useServerMessage();
  if (verdict.status === 'found') {
    const { lookup } = verdict;
    return (
      <div className="verify-result verify-found" data-testid="verify-result">
        <p className="verify-verdict">{t`Reference found`}</p>
        <p>
          <Trans>
            Jackpot 14 accepted a slip with this reference. This only confirms that the reference exists: to
            check the picks and that nothing was changed, open the whole receipt link.
          </Trans>
        </p>
        <div className="receipt">
          <p className="receipt-ref">
            <span>
              <Trans>Reference</Trans>
            </span>{' '}
            <strong data-testid="receipt-reference">{lookup.reference}</strong>
          </p>
          <dl className="receipt-facts">
            <div>
              <dt>
                <Trans>Round</Trans>
              </dt>
              <dd>{lookup.sid}</dd>
            </div>
            <div>
              <dt>
                <Trans>Accepted at</Trans>
              </dt>
              <dd>{showInstant(lookup.createdAt)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Played through</Trans>
              </dt>
              <dd>
                <ChannelName channel={lookup.channel} />
              </dd>
            </div>
          </dl>
        </div>
      </div>
    );
  }
  if (verdict.status === 'not-found') {
    return (
      <div className="verify-result verify-invalid" data-testid="verify-result">
        <p className="verify-verdict">{t`Not found`}</p>
        <p>{say('RECEIPT.UNKNOWN')}</p>
      </div>
    );
  }
  if (verdict.status === 'reference-offline') {
    return (
      <div className="verify-result verify-unknown" data-testid="verify-result">
        <p className="verify-verdict">{t`Cannot look it up offline`}</p>
        <p>
          <Trans>Paste the whole receipt link to check it without a network.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="verify-result verify-unknown" data-testid="verify-result">
      <p className="verify-verdict">{t`Cannot look it up now`}</p>
      <p>{say(verdict.messageKey)}</p>
    </div>
  );
}
