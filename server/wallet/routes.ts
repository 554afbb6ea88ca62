// Wallet and subscriber APIs without money movement (CONTRACTS.md "Play API" and "Wallet, subscription and
// account API"), inside the authenticated /api/protected scope. Airtime and cash-out: moneyRoutes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { OtherSubscriptions, Subscribed, SubscriberInfo, ToggleBody } from '../../machines/wire/account.ts';
import { SupportedWallets, WalletInfo } from '../../machines/wire/wallet.ts';
import type { Database } from '../db/index.ts';
import { formatMaseru } from '../lib/maseruTime.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import { supportedWallets } from './mobileWallets.ts';
import { isSubscribed, otherSubscriptions, setSubscription } from './subscriptions.ts';
import { walletInfo } from './walletInfo.ts';

export interface WalletOptions {
  db: Kysely<Database>;
  /** When the subscriber's account was created (the identity's user row), if known. */
  accountCreatedAt: (msisdn: string) => Promise<Date | null>;
  now: () => Date;
  /** What each mobile wallet is offered for on this server's rails. */
  offers: MobileMoneyProvider['offers'];
}

export const walletRoutes: FastifyPluginAsyncTypebox<WalletOptions> = async (app, opts) => {
  const { db } = opts;

  app.get('/fetch-wallet-info', { schema: { response: { 200: WalletInfo } } }, async (request) =>
    walletInfo(db, request.user.msisdn),
  );

  app.get('/fetch-subscriber-info', { schema: { response: { 200: SubscriberInfo } } }, async (request) => {
    const msisdn = request.user.msisdn;
    const [createdAt, enabled, others] = await Promise.all([
      opts.accountCreatedAt(msisdn),
      isSubscribed(db, msisdn),
      otherSubscriptions(db, msisdn),
    ]);
    return {
      msisdn,
      createDate: createdAt ? formatMaseru(createdAt, true) : null,
      isSubscriptionEnabled: enabled,
      otherSubscriptions: others,
    };
  });

  // Only the wallets whose rail this server runs (a wallet without one would refuse every payment).
  app.get('/fetch-supported-wallets', { schema: { response: { 200: SupportedWallets } } }, async () =>
    (await supportedWallets(db))
      .map((w) => ({ ...w, ...opts.offers(w.sid) }))
      .filter((w) => w.deposits)
      .map(({ sid, name, payouts }) => ({ sid, name, payouts })),
  );

  app.get(
    '/fetch-other-subscriptions',
    { schema: { response: { 200: OtherSubscriptions } } },
    async (request) => otherSubscriptions(db, request.user.msisdn),
  );

  // Sets the state rather than flipping it, so a retried request cannot undo itself (idempotent).
  app.post(
    '/toggle-subscription',
    { schema: { body: ToggleBody, response: { 200: Subscribed } } },
    async (request) => {
      const msisdn = request.user.msisdn;
      await setSubscription(db, msisdn, request.body.enableSubscription, undefined, opts.now());
      return { isSubscribed: await isSubscribed(db, msisdn) };
    },
  );
};
