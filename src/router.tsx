// The route tree (login, register, and the shell's pages), code-based. Only the shell is in the first load; every screen is its own
// lazy chunk. The session, i18n and API client reach loaders and guards through the router context.
import type { I18n } from '@lingui/core';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { ROLES, type Role } from '../machines/rules/roles';
import type { Api } from './api';
import { PendingScreen } from './components/PendingScreen';
import { RouteError } from './components/RouteError';
import { handOver } from './lib/firstRead';
import { validateResultsSearch, validateWalletSearch } from './lib/listSearch';
import { withLastCopy } from './offline/lastCopy';
import { HOME, type SessionService, safeRedirect } from './session/service';
import { Shell } from './shell/Shell';

export interface RouterContext {
  session: SessionService;
  i18n: I18n;
  api: Api;
}

/** `?redirect=` on /login, /register and /reset-password: where to go after signing in. */
const validateRedirect = (search: Record<string, unknown>): { redirect?: string } =>
  typeof search.redirect === 'string' ? { redirect: search.redirect } : {};

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });

/** Someone already signed in has no business on /login, /register or /reset-password. */
const leaveIfSignedIn = ({ context, search }: { context: RouterContext; search: { redirect?: string } }) => {
  if (context.session.isLoggedIn())
    throw redirect({ href: safeRedirect(search.redirect, context.session.home()) });
};

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: validateRedirect,
  beforeLoad: leaveIfSignedIn,
  component: lazyRouteComponent(() => import('./screens/login/LoginScreen')),
});

/** `?msisdn=` on /reset-password: the number to start with; `?redirect=` as for /login. */
const validateReset = (search: Record<string, unknown>): { msisdn?: string; redirect?: string } => ({
  ...validateRedirect(search),
  // A number typed into the address bar arrives parsed as a number.
  ...(typeof search.msisdn === 'string' || typeof search.msisdn === 'number'
    ? { msisdn: String(search.msisdn) }
    : {}),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  validateSearch: validateRedirect,
  beforeLoad: leaveIfSignedIn,
  component: lazyRouteComponent(() => import('./screens/register/RegisterScreen')),
});

/** "Forgot password?": a new password by SMS code, then signed in. */
const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: validateReset,
  beforeLoad: leaveIfSignedIn,
  component: lazyRouteComponent(() => import('./screens/reset/ResetPasswordScreen')),
});

/** The main area: header, banner, footer around every page but sign-in and registration. */
const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: Shell });

const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ href: context.session.isLoggedIn() ? context.session.home() : HOME });
  },
});

/** Any other path goes to /play (whose guard then sends visitors to /login). */
const unknownRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: HOME });
  },
});

const tncRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'tnc',
  component: lazyRouteComponent(() => import('./screens/tnc/TncScreen')),
});

/** Checks a receipt: no sign-in, works offline (the receipt may come in the link's hash). */
const verifyRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'verify',
  component: lazyRouteComponent(() => import('./screens/verify/VerifyScreen')),
});

/** Official results and how the game works: for everyone, signed in or not. */
const roundsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'rounds',
  // First reads (here and below) go as /play's: started with the code, taken once by the screen.
  loader: ({ context }) => ({
    rounds: handOver(context.api.publicRounds().then((m) => m.fetchPublicRounds())),
  }),
  gcTime: 0,
  component: lazyRouteComponent(() => import('./screens/public/RoundsScreen')),
});

const howToPlayRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'how-to-play',
  component: lazyRouteComponent(() => import('./screens/public/HowToPlayScreen')),
});

/** The privacy policy: unguarded like the terms. */
const privacyRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'privacy',
  component: lazyRouteComponent(() => import('./screens/tnc/PrivacyScreen')),
});

/**
 * A group slip (DESIGN.md "Group play"), for anyone with its link: signed out, what it is and how to join;
 * signed in, buy shares and, as a member, everything about it. Read while the screen's code loads.
 */
const groupRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'g/$code',
  loader: ({ context, params }) => ({
    group: handOver(context.api.groups().then((m) => m.readGroupView(params.code, context.session))),
  }),
  gcTime: 0,
  component: lazyRouteComponent(() => import('./screens/groups/GroupScreen')),
});

/**
 * The guard: only a signed-in user passes; anyone else goes to /login and comes back after.
 * A refresh under way (an expired token at start) is waited for: refused, it signs out; failed for want of
 * network, the subscriber stays signed in on cached data (DESIGN.md "Staying signed in").
 */
const guardedRoute = createRoute({
  getParentRoute: () => shellRoute,
  id: 'guarded',
  beforeLoad: async ({ context, location }) => {
    await context.session.settled();
    if (!context.session.isLoggedIn()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
});

const guarded = <P extends string>(path: P, load: () => Promise<{ default: ComponentType }>) =>
  createRoute({ getParentRoute: () => guardedRoute, path, component: lazyRouteComponent(load) });

/**
 * /play asks for the current betslip while the screen's code is still downloading, so on a slow network
 * the two round trips overlap. The request is handed over unawaited: the screen paints its static parts
 * and its own loading state at once, and its machine takes the answer as its first fetch.
 */
const playRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: 'play',
  loader: ({ context }) => {
    const betslip = context.api.play.currentBetslip();
    betslip.catch(() => undefined); // a failure is the screen's to show, once it takes the answer
    return { betslip };
  },
  // The screen takes the answer once: each visit starts its own request rather than reuse a spent one.
  gcTime: 0,
  component: lazyRouteComponent(() => import('./screens/play/PlayScreen')),
});

/** Filters and page in the URL (src/lib/listSearch.ts), so reload and back keep them. */
const resultsRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: 'results',
  validateSearch: validateResultsSearch,
  // Offline, the last list this device saw, with its time (src/offline/lastCopy.ts).
  loader: ({ context }) => {
    const user = context.session.user();
    const read = context.api.results().then((m) => () => m.fetchPastBetslips(user));
    return { slips: handOver(read.then((fetch) => withLastCopy('results', user ?? '', fetch))) };
  },
  // Filters and page change the search, not the list: only a new visit reads it again.
  loaderDeps: () => ({}),
  gcTime: 0,
  component: lazyRouteComponent(() => import('./screens/results/ResultsScreen')),
});

/** The tab and the transactions' filter and page in the URL, as for results. */
const walletRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: 'wallet',
  validateSearch: validateWalletSearch,
  component: lazyRouteComponent(() => import('./screens/wallet/WalletScreen')),
});

/**
 * An operator's screen (lazy): only the roles given get in; anyone else signed in goes to their own home
 * (a subscriber /play, another operator their screen). The API refuses the same roles (machines/rules/roles.ts).
 */
const onlyRoles =
  (roles: readonly Role[]) =>
  ({ context }: { context: RouterContext }) => {
    if (!roles.some((role) => context.session.hasRole(role)))
      throw redirect({ href: context.session.home() });
  };

const operatorRoute = <P extends string>(
  path: P,
  roles: readonly Role[],
  load: () => Promise<{ default: ComponentType }>,
) =>
  createRoute({
    getParentRoute: () => guardedRoute,
    path,
    beforeLoad: onlyRoles(roles),
    component: lazyRouteComponent(load),
  });

const adminRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: 'admin',
  beforeLoad: onlyRoles([ROLES.admin]),
  loader: ({ context }) => ({ betslips: handOver(context.api.admin().then((m) => m.listBetslips())) }),
  gcTime: 0,
  component: lazyRouteComponent(() => import('./screens/admin/AdminScreen')),
});
/** Staff accounts: list, add, reset a password, disable (docs/CONTRACTS.md "Operator accounts"). */
const operatorsRoute = operatorRoute(
  'admin/operators',
  [ROLES.admin],
  () => import('./screens/admin/OperatorsScreen'),
);
const supportRoute = operatorRoute(
  'support',
  [ROLES.callCenter, ROLES.admin],
  () => import('./screens/support/SupportScreen'),
);
const marketingRoute = operatorRoute(
  'marketing',
  [ROLES.marketing, ROLES.admin],
  () => import('./screens/marketing/MarketingScreen'),
);

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  resetRoute,
  shellRoute.addChildren([
    indexRoute,
    tncRoute,
    verifyRoute,
    roundsRoute,
    howToPlayRoute,
    privacyRoute,
    groupRoute,
    guardedRoute.addChildren([
      playRoute,
      resultsRoute,
      guarded('contact', () => import('./screens/contact/ContactScreen')),
      walletRoute,
      guarded('account', () => import('./screens/account/AccountScreen')),
      guarded('groups', () =>
        import('./screens/groups/GroupScreen').then((m) => ({ default: m.GroupsScreen })),
      ),
      adminRoute,
      operatorsRoute,
      supportRoute,
      marketingRoute,
    ]),
    unknownRoute,
  ]),
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    scrollRestoration: true,
    defaultPendingComponent: PendingScreen,
    // A screen that cannot open (its chunk offline, a failed first read) says so in the app's language.
    defaultErrorComponent: RouteError,
    // A lazy screen on a slow network: show the spinner soon rather than a frozen page.
    defaultPendingMs: 300,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
