// One msw server for the component tests; each test adds the handlers it needs. The play defaults
// answer the banner's and /play's calls, the wallet defaults the shell's wallet and subscription
// status, which every signed-in page makes; the app-info defaults answer the shell's version and
// client-type checks; the content defaults the operator's site settings and texts; sign-out's call.
// capturePost records what the app sends to one route.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { appInfoDefaults } from './appInfoHandlers';
import { contentDefaults } from './contentHandlers';
import { playDefaults } from './playHandlers';
import { walletDefaults } from './walletHandlers';

// Sign-out tells the identity provider (best effort); it answers 204 as Keycloak does.
const signOutDefault = http.post(
  '/auth/realms/commxp/protocol/openid-connect/logout',
  () => new HttpResponse(null, { status: 204 }),
);

export const server = setupServer(
  ...playDefaults,
  ...walletDefaults,
  ...appInfoDefaults,
  ...contentDefaults,
  signOutDefault,
);

/** A POST the app sent: its JSON body and its Idempotency-Key. */
export interface Sent {
  body: unknown;
  key: string | null;
}

/** Records every POST to `path` (under /api/protected) and answers each with `answer()`. */
export function capturePost(path: string, answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  server.use(
    http.post(`/api/protected/${path}`, async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
  return sent;
}
