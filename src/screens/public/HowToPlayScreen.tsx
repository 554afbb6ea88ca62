// How the game works, for anyone, signed in or not: picks, doubles and triples and what they cost, the
// closing time, prize tiers and sharing, void matches, and playing responsibly.
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './public.css';

export default function HowToPlayScreen() {
  return (
    <section className="page public-page how-to-play" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>How to play</Trans>
      </h1>
      <h2>
        <Trans>Your picks</Trans>
      </h2>
      <p>
        <Trans>
          Each round has 14 matches. For every match pick 1 (home team wins), X (draw) or 2 (away team wins).
        </Trans>
      </p>
      <h2>
        <Trans>Doubles and triples</Trans>
      </h2>
      <p>
        <Trans>
          Not sure? Pick two results for a match (a double) or all three (a triple). Each double or triple
          multiplies the price of your slip: the screen shows the price before you pay, and the round says how
          many doubles and triples are allowed.
        </Trans>
      </p>
      <h2>
        <Trans>Closing time</Trans>
      </h2>
      <p>
        <Trans>
          Slips are taken until the round closes, normally at the first kick-off. The closing time is shown on
          the betslip; a slip sent after it is refused and costs nothing.
        </Trans>
      </p>
      <h2>
        <Trans>Prizes</Trans>
      </h2>
      <p>
        <Trans>
          The jackpot is for 14 correct picks; smaller prizes are for fewer (for example 13 or 12). A slip
          wins only its best prize. Everyone who reaches a prize shares its pool equally.
        </Trans>
      </p>
      <h2>
        <Trans>Void matches</Trans>
      </h2>
      <p>
        <Trans>A match that is not played (void) counts as correct for every slip.</Trans>
      </p>
      <h2>
        <Trans>Play responsibly</Trans>
      </h2>
      <p>
        <Trans>
          18+ only. Play for fun, with money you can afford to lose. You can set a weekly limit on your
          spending in your account.
        </Trans>
      </p>
      <p>
        <Link to="/rounds">
          <Trans>See the results of past rounds</Trans>
        </Link>
      </p>
    </section>
  );
}
