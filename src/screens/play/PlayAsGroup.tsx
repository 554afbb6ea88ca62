// "Play as a group" under a complete slip, and the way to the groups page (join by code, my groups). A lazy
// chunk of /play (not in its first load); the group dialog is its own chunk, loaded on the tap (DESIGN.md
// "Group play").
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { CreateGroupProps } from '../groups/CreateGroupDialog';

const CreateGroupDialog = lazy(() => import('../groups/CreateGroupDialog'));

export default function PlayAsGroup({
  complete,
  ...slip
}: Omit<CreateGroupProps, 'onClose'> & { complete: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="play-group">
      {complete && (
        <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
          <Trans>Play as a group</Trans>
        </button>
      )}
      <Link to="/groups">
        <Trans>Join a group</Trans>
      </Link>
      {open && (
        <Suspense fallback={null}>
          <CreateGroupDialog {...slip} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
