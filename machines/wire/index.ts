// Every wire contract, defined once: the TypeBox schemas the server validates and serialises with, and
// (by `Static<>`) the types both sides use. The client imports types only (`import type`), so TypeBox
// never reaches the bundle. One module per audience or area:
//   errors     the body of every refusal
//   public     what anyone may read (settled rounds)
//   play       current betslip, submission, my slips, prizes, testimonials, receipt keys
//   wallet     wallet read, supported wallets, airtime, cash-out, deposit
//   account    subscriber info, subscription, password, limits and pause, standing picks
//   results    the subscriber's past betslips
//   groups     group play: create, views, buying shares
//   identity   registration and reset by SMS code, the token answer, whoami
//   operators  operator accounts
//   admin      betslips, results, publish, settle, reports, audit (ROLE_ADMIN)
//   support    the call centre's subscriber view (ROLE_CALL_CENTER)
//   marketing  testimonials and the default prize table (ROLE_MARKETING)
//   content    launch documents and terms acceptance
//   push       push subscriptions, VAPID key, newest version, client type
//   channels   what the USSD and SMS gateways send
//   providers  what a payment provider posts back (deposit callback)
//   dev        demo-only developer routes
// text.ts and fields.ts hold the field shapes the others share.
export const WIRE_MODULES = [
  'errors',
  'public',
  'play',
  'wallet',
  'account',
  'results',
  'groups',
  'identity',
  'operators',
  'admin',
  'support',
  'marketing',
  'content',
  'push',
  'channels',
  'providers',
  'dev',
] as const;

/**
 * Schemas no server route names, each with why: the client reads them, the server answers without a
 * schema (or speaks another encoding). tests/unit/wire-types.test.ts fails for any other unused schema.
 */
export const CLIENT_ONLY: Readonly<Record<string, string>> = {
  'admin.ResultsSaved': 'results answers without a 200 schema (one result or many)',
  'marketing.StoredTestimonials': 'GET testimonials answers without a schema',
  'identity.TokenResponse': 'the token endpoint is OAuth, built by hand in tokenRoutes.ts',
  // The group routes come with the server half of issue 29 (branch i-groups-server): these go when it lands.
  'groups.GroupMoneyHeaders': 'group routes not merged yet (issue 29)',
  'groups.GroupCodeParams': 'group routes not merged yet (issue 29)',
  'groups.CreateGroupBody': 'group routes not merged yet (issue 29)',
  'groups.GroupCreated': 'group routes not merged yet (issue 29)',
  'groups.GroupMemberView': 'group routes not merged yet (issue 29)',
  'groups.MyGroupsResponse': 'group routes not merged yet (issue 29)',
  'groups.BuySharesBody': 'group routes not merged yet (issue 29)',
  'groups.SharesBought': 'group routes not merged yet (issue 29)',
};
