// A user action refreshes the access token when the session rules say it is due (on the web, once the
// token is past half its lifetime and within 5 minutes of expiry; in the native app, not yet refreshed
// today), so someone using the app has a fresh token before the countdown needs one. Every other click
// is heard and ignored by the session machine: the rule lives there (machines/session/rules.ts), not
// here. A user action is a click on a control: a link, a button, a tab, a page of a list, a form's
// submit (Enter in a field clicks the submit button too).
//
// One listener on the document sees every such click, dialogs portalled outside the app's root included,
// instead of a call placed by hand in each handler (and forgotten in the next one). Not the API client:
// tabs and paging make no request, and background requests (the prize ticker, the offline queue's replay,
// refetches after a submission) are not the user acting.
import type { SessionService } from './service';

/** What counts as a control; a click elsewhere, or inside `[data-no-session-action]`, is not an action. */
const CONTROLS =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="link"]';

/**
 * Sends the session a user action on each click on a control under `root`; returns the removal. It
 * listens in the bubble phase, after React's handlers, so "Sign out" has already ended the session when
 * the click arrives here and starts no refresh.
 */
export function refreshOnUserActions(
  session: Pick<SessionService, 'userAction'>,
  root: Pick<Document, 'addEventListener' | 'removeEventListener'> = document,
): () => void {
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(CONTROLS) && !target.closest('[data-no-session-action]')) session.userAction();
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
