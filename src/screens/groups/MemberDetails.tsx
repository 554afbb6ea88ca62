// What a group's members see (DESIGN.md "Group play"): their shares, the picks and system, every member
// (numbers masked as the server sends them) with their shares, the slip's receipt once submitted and,
// once settled, what the slip won and each member's part.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatM } from '../../../machines/rules/money';
import type { MemberGroup } from '../../api/groups';
import { pickLabel, verifyLink } from '../../receipts/receipt';

function Picks({ predictions }: { predictions: readonly number[] }) {
  const { t } = useLingui();
  return (
    <ol className="group-picks" aria-label={t`Picks`}>
      {predictions.map((p, i) => {
        const number = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slip's picks are in betslip order and never move
          <li key={i}>
            <span>{t`Match ${number}`}</span> <strong>{pickLabel(p)}</strong>
          </li>
        );
      })}
    </ol>
  );
}

export function MemberDetails({ group }: { group: MemberGroup }) {
  const { t } = useLingui();
  const mine = group.myShares;
  const systemId = group.systemId;
  const won = group.winnings ? formatM(group.winnings.total) : '';
  const myPart = group.winnings ? formatM(group.winnings.mine) : '';
  const reference = group.receipt?.reference ?? '';
  const remainder = group.winnings?.captainRemainder ?? 0;
  const leftOver = formatM(remainder);
  return (
    <>
      <section className="account-card" aria-labelledby="group-mine">
        <h2 id="group-mine">
          <Trans>Your part</Trans>
        </h2>
        <p data-testid="group-my-shares">
          <Plural
            value={mine}
            one="You have # share in this group."
            other="You have # shares in this group."
          />
        </p>
        {group.winnings && (
          <p data-testid="group-my-winnings">
            <Trans>
              The slip won {won}. Your share: <strong>{myPart}</strong>
            </Trans>
          </p>
        )}
        {group.receipt && (
          <p>
            <a href={verifyLink(location.origin, group.receipt.jws)} data-testid="group-receipt">
              <Trans>The group's receipt: {reference}</Trans>
            </a>
          </p>
        )}
      </section>

      <section className="account-card" aria-labelledby="group-members">
        <h2 id="group-members">
          <Trans>Members</Trans>
        </h2>
        <table className="group-members">
          <thead>
            <tr>
              <th scope="col">{t`Number`}</th>
              <th scope="col">{t`Shares`}</th>
              {group.winnings && <th scope="col">{t`Winnings`}</th>}
            </tr>
          </thead>
          <tbody>
            {group.members.map((m, i) => {
              const masked = m.msisdnMasked;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: two members may share a mask; the list is as sent
                <tr key={i}>
                  <td>{m.captain ? t`${masked} (captain)` : masked}</td>
                  <td>{m.shares}</td>
                  {group.winnings && <td className="group-amount">{formatM(m.won ?? 0)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
        {remainder > 0 && (
          <p className="hint">
            <Trans>
              The captain's part includes the {leftOver} that splitting by shares to the cent leaves.
            </Trans>
          </p>
        )}
      </section>

      <section className="account-card" aria-labelledby="group-slip">
        <h2 id="group-slip">
          <Trans>The slip</Trans>
        </h2>
        {group.systemId && (
          <p>
            <Trans>Reduced system {systemId}</Trans>
          </p>
        )}
        <Picks predictions={group.predictions} />
      </section>
    </>
  );
}
