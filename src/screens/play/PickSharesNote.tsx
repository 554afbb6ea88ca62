// The people's picks while the round is open: reads them (pickShares.ts, at most once a minute), hands
// each match's shares to the screen for its cards, and says above the matches how many rows they count.
// Its own chunk, after the slip is usable: the shares are information, not needed to play.
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { groupThousands } from '../../../machines/rules/money';
import type { PickShares } from '../../api/play';
import { usePickShares } from './pickShares';

type Shown = Extract<PickShares, { matches: unknown }>;
/** Each match's shares, by 1-based position; null while unknown or hidden. */
export type MatchShares = Shown['matches'];

export default function PickSharesNote({
  sid,
  onShares,
}: {
  sid: string;
  onShares: (matches: MatchShares | null) => void;
}) {
  const shares = usePickShares(sid, true);
  const shown = shares && !('hidden' in shares) ? shares : null;
  useEffect(() => {
    onShares(shown?.matches ?? null);
  }, [shown, onShares]);
  useEffect(() => () => onShares(null), [onShares]);
  if (!shown) return null;
  const count = groupThousands(String(shown.rows));
  return (
    <p className="play-shares-note">
      <Trans>People's picks so far, based on {count} rows.</Trans>
    </p>
  );
}
