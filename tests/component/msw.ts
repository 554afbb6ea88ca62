// One msw server for the component tests; each test adds the handlers it needs. The play defaults
// answer the banner's and /play's calls, which every signed-in page makes; the app-info defaults answer
// the shell's version and client-type checks.
import { setupServer } from 'msw/node';
import { appInfoDefaults } from './appInfoHandlers';
import { playDefaults } from './playHandlers';

export const server = setupServer(...playDefaults, ...appInfoDefaults);
