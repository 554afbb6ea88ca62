// One groups-close job per round, at its end: app.ts hands this to group play as its scheduleClose, so
// server/groups needs nothing from server/jobs (whose handlers run the close) and no folder cycle forms.
import { stableJobId } from './boss.ts';
import type { Jobs } from './index.ts';
import { QUEUES } from './queues.ts';

/** Schedules the close of round `sid`'s groups at `at`; a second call for the round stores nothing new. */
export const scheduleGroupsClose = (jobs: Jobs) => async (sid: string, at: Date) => {
  await jobs.send(QUEUES.groupsClose, { sid }, { id: stableJobId(QUEUES.groupsClose, sid), startAfter: at });
};
