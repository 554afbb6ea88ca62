// The offline queue's panel with the play screen's words for its outcomes: one lazy chunk, so neither
// the queue (IndexedDB) nor the message catalogs are in the screen's first load.
import QueuePanel from '../../offline/QueuePanel';
import { PLAY_MESSAGES } from './messages';

export default function PlayQueuePanel() {
  return <QueuePanel messages={PLAY_MESSAGES} />;
}
