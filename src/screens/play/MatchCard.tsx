// One match: sequence number, tournament, start date, and three large pick
// buttons — home '1', draw 'X' (digit 3), away '2' — each a toggle (aria-pressed) with the team's logo.
// After an "incomplete" submit, an unpicked match is marked, in words its picks are described by. While
// the round is open, one short line under the buttons says how everyone has picked so far.
import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { Match } from '../../../machines/betslip/types';
import type { Digit, Outcome } from '../../../machines/rules/betslip';
import { showWireDate } from '../../../machines/rules/maseruTime';
import { TeamLogo } from './TeamLogo';

/** Names longer than this get a smaller font. */
const LONG_NAME = 23;

interface Props {
  match: Match;
  index: number;
  outcome: Outcome;
  onTap: (index: number, digit: Digit) => void;
  /** Marked as still to pick (after an incomplete submit). */
  missing?: boolean;
  /** The people's picks so far, percentages of rows (GET pick-shares); absent while unknown or hidden. */
  shares?: { home: number; draw: number; away: number } | null;
}

/** One line of the people's picks, as short as it can be on a 360 px screen: "1 45% · X 30% · 2 25%". */
function SharesLine({ shares }: { shares: NonNullable<Props['shares']> }) {
  const { t } = useLingui();
  const home = `${shares.home}%`;
  const draw = `${shares.draw}%`;
  const away = `${shares.away}%`;
  return (
    <p className="match-shares" data-testid="match-shares">
      <span className="sr-only">{t`People's picks:`} </span>
      {t`1 ${home} · X ${draw} · 2 ${away}`}
    </p>
  );
}

function TeamButton(props: {
  name: string;
  logo: string;
  mark: string;
  label: string;
  pressed: boolean;
  onClick: () => void;
}) {
  const { name, logo, mark, label, pressed, onClick } = props;
  return (
    <button
      type="button"
      className={`pick pick-team${name.length > LONG_NAME ? ' pick-long' : ''}`}
      aria-pressed={pressed}
      aria-label={label}
      title={name}
      onClick={onClick}
    >
      <TeamLogo name={name} logo={logo} />
      {/* The whole name is in the page and CSS cuts what shows (play.css), so the button's accessible name
          contains the text a voice-control user sees and says. */}
      <span className="pick-name">{name}</span>
      {/* Drawn by CSS from data-mark: the label says "(1)" already, and text here would make the visible
          text "name 1", which the label "name to win (1)" does not contain. */}
      <span className="pick-mark" aria-hidden="true" data-mark={mark} />
    </button>
  );
}

export const MatchCard = memo(function MatchCard({ match, index, outcome, onTap, missing, shares }: Props) {
  const { t } = useLingui();
  const picked = (d: Digit) => outcome?.includes(d) ?? false;
  const { homeTeam, awayTeam } = match;
  return (
    <li className={`match${outcome ? ' match-picked' : missing ? ' match-missing' : ''}`}>
      <div className="match-meta">
        <span className="match-no">
          <span className="sr-only">
            <Trans>Match</Trans>{' '}
          </span>
          {match.betslipPosotion}
        </span>
        <span className="match-tournament">{match.tournament}</span>
        <time className="match-date">{showWireDate(match.startDate)}</time>
      </div>
      {missing && (
        <p className="match-missing-mark" id={`missing-${index}`}>
          <Trans>Not picked yet</Trans>
        </p>
      )}
      <fieldset className="match-picks" aria-describedby={missing ? `missing-${index}` : undefined}>
        <legend className="sr-only">{t`${homeTeam} against ${awayTeam}`}</legend>
        <TeamButton
          name={homeTeam}
          logo={match.homeTeamLogo}
          mark="1"
          label={t`${homeTeam} to win (1)`}
          pressed={picked('1')}
          onClick={() => onTap(index, '1')}
        />
        <button
          type="button"
          className="pick pick-draw"
          aria-pressed={picked('3')}
          aria-label={t`Draw (X)`}
          onClick={() => onTap(index, '3')}
        >
          X
        </button>
        <TeamButton
          name={awayTeam}
          logo={match.awayTeamLogo}
          mark="2"
          label={t`${awayTeam} to win (2)`}
          pressed={picked('2')}
          onClick={() => onTap(index, '2')}
        />
      </fieldset>
      {shares && <SharesLine shares={shares} />}
    </li>
  );
});
