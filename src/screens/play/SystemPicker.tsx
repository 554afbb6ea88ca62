// Reduced systems (issue 28): once the marked doubles and triples fit one or more of the fixed tables in
// machines/rules/reducedSystems.ts, the subscriber may play one of them instead of every combination —
// each choice with its rows, its price and, in words, what it guarantees. The full system is the
// default. Lazy chunk: it loads only when a system fits the picks.
import { Trans, useLingui } from '@lingui/react/macro';
import { type BetslipParams, type Outcome, priceCents } from '../../../machines/rules/betslip';
import { digitsOfCents } from '../../../machines/rules/money';
import {
  guaranteedCorrect,
  type ReducedSystem,
  systemPriceCents,
  systemsFor,
} from '../../../machines/rules/reducedSystems';
import { rowCount } from '../../../machines/rules/rows';
import './systems.css';

interface Props {
  params: BetslipParams;
  outcomes: readonly Outcome[];
  /** The chosen system's id; null: the full system. */
  systemId: string | null;
  onChoose: (system: ReducedSystem | null) => void;
}

/** One choice: its name, rows and price on the first line, its guarantee under it. */
function Choice(props: {
  system: ReducedSystem | null;
  checked: boolean;
  name: string;
  rows: number;
  priceCents: number;
  guarantee: string;
  onChoose: (system: ReducedSystem | null) => void;
}) {
  const { rows } = props;
  const price = digitsOfCents(props.priceCents);
  const hintId = `system-${props.system?.id ?? 'full'}-guarantee`;
  return (
    <label className={`system-choice${props.checked ? ' system-chosen' : ''}`}>
      <input
        type="radio"
        name="system"
        checked={props.checked}
        aria-describedby={hintId}
        onChange={() => props.onChoose(props.system)}
      />
      <span className="system-line">
        <strong>{props.name}</strong>{' '}
        <Trans>
          {rows} rows · M {price}
        </Trans>
      </span>
      <span className="system-guarantee" id={hintId}>
        {props.guarantee}
      </span>
    </label>
  );
}

export default function SystemPicker({ params, outcomes, systemId, onChoose }: Props) {
  const { t } = useLingui();
  const matchCount = outcomes.length;
  const systems = systemsFor(outcomes);
  if (systems.length === 0) return null;
  return (
    <fieldset className="system-picker" data-testid="system-picker">
      <legend>
        <Trans>Play fewer rows?</Trans>
      </legend>
      <p className="system-hint">
        <Trans>
          Your doubles and triples make every combination a row. A reduced system plays some of the rows for
          less, and still promises a number of correct matches.
        </Trans>
      </p>
      <Choice
        system={null}
        checked={systemId === null}
        name={t`Full system`}
        rows={rowCount({ outcomes })}
        priceCents={priceCents(params, outcomes)}
        guarantee={t`${matchCount} of ${matchCount} if your single picks are right and every result is among your picks`}
        onChoose={onChoose}
      />
      {systems.map((s) => {
        const sure = guaranteedCorrect(s, matchCount);
        return (
          <Choice
            key={s.id}
            system={s}
            checked={systemId === s.id}
            name={s.id}
            rows={s.rows}
            priceCents={systemPriceCents(s, params)}
            guarantee={t`At least ${sure} of ${matchCount} if your single picks are right and every result is among your picks`}
            onChoose={onChoose}
          />
        );
      })}
    </fieldset>
  );
}
