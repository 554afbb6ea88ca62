// One msw server for the component tests; each test adds the handlers it needs. The play defaults
// answer the banner's and /play's calls, the wallet defaults the shell's wallet and subscription
// status, which every signed-in page makes; the app-info defaults answer the shell's version and
// client-type checks; the content defaults the operator's site settings and texts.
import { setupServer } from 'msw/node';
import { appInfoDefaults } from './appInfoHandlers';
import { contentDefaults } from './contentHandlers';
import { playDefaults } from './playHandlers';
import { walletDefaults } from './walletHandlers';

export const server = setupServer(...playDefaults, ...walletDefaults, ...appInfoDefaults, ...contentDefaults);
