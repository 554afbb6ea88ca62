// Official results for everyone, signed in or not: each settled round's matches, results and what each
// prize tier paid. Nothing about who played.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../machines/rules/maseruTime';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import type { PublicRound } from '../../api/publicRounds';
import { PrizeTierTable } from '../../components/PrizeTierTable';
import { useServerMessage } from '../../i18n/serverMessages';
import './public.css';

export default function RoundsScreen() {
  const { t } = useLingui();
  const say = useServerMessage();
  const [rounds, setRounds] = useState<PublicRound[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The route's loader asked for them while this screen's code loaded (src/lib/firstRead.ts).
  const { rounds: loaded } = useLoaderData({ from: '/shell/rounds' });
  useEffect(() => {
    let gone = false;
    loaded
      .then((list) => !gone && setRounds(Array.isArray(list) ? list : []))
      .catch((err) => !gone && setError(messageKeyOf(err)));
    return () => {
      gone = true;
    };
  }, [loaded]);

  const results: Record<string, string> = {
    HOME_WIN: t`Home win`,
    AWAY_WIN: t`Away win`,
    DRAW: t`Draw`,
    VOID: t`Void`,
  };
  // dd/MM/yyyy as every date in the app, the day in Lesotho whatever the phone's zone.
  const date = (iso: string) => formatDate(new Date(iso));

  return (
    <section className="page public-page" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Rounds</Trans>
      </h1>
      <p>
        <Trans>The official results of every settled round, and what each prize paid.</Trans>{' '}
        <Link to="/how-to-play">
          <Trans>How to play</Trans>
        </Link>
      </p>
      {error && (
        <p className="form-error" role="alert">
          {say(error)}
        </p>
      )}
      {!error && rounds === null && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {rounds?.length === 0 && (
        <p>
          <Trans>No round has been settled yet.</Trans>
        </p>
      )}
      <ul className="public-rounds">
        {rounds?.map((round) => (
          <li key={round.sid} className="public-round">
            <h2>
              {round.sid} <span className="public-round-date">{date(round.endsAt)}</span>
            </h2>
            <ol className="public-matches" aria-label={t`Results of ${round.sid}`}>
              {round.matches.map((m) => (
                <li key={m.position}>
                  <span>
                    {m.homeTeam} – {m.awayTeam}
                  </span>
                  <strong>{m.result ? (results[m.result] ?? m.result) : '–'}</strong>
                </li>
              ))}
            </ol>
            <PrizeTierTable
              rule={round.settlementRule}
              tiers={round.tiers}
              className="public-tiers"
              caption={
                round.settlementRule === 'ROWS' ? (
                  <Trans>Winning rows per prize</Trans>
                ) : (
                  <Trans>Winners per prize</Trans>
                )
              }
              each={<Trans>Each won</Trans>}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
