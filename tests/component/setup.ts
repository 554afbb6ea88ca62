import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetRecentAnswers } from '../../src/lib/recentAnswers';
import { server } from './msw';

// A loaded machine (parallel projects, CI neighbours) renders lazy screens slowly: wait up to 5 s for an
// element rather than the default 1 s, which made findBy* flaky without making any test stricter.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; the router and the shell scroll on navigation.
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // Each test is a new page: nothing read by the one before is recent to it.
  forgetRecentAnswers();
});
afterAll(() => server.close());
