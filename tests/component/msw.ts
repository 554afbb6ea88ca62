// One msw server for the component tests; each test adds the handlers it needs. The play defaults
// answer the banner's and /play's calls, the wallet defaults the shell's wallet and subscription
// status, which every signed-in page makes; the app-info defaults answer the shell's version and
// client-type checks; the content defaults the operator's site settings and texts; sign-out's call.
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
