// Wallet and subscriber APIs without money movement (CONTRACTS.md "Play API" and "Wallet, subscription and
// account API"), inside the authenticated /api/protected scope. Airtime and cash-out: moneyRoutes.ts.
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { formatMaseru } from '../play/maseruTime.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import { Text } from '../text.ts';
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

const Money = Type.Number();

const WalletInfo = Type.Object({
  totalAvailableAmount: Money,
  withdrawablemount: Money,
  totalWonAmount: Money,
  totalWithdrawnAmount: Money,
  currentlyWithheldAmount: Money,
  walletMovesDto: Type.Array(
    Type.Object({
      createDate: Type.String(),
      amount: Money,
      reason: Type.String(),
      serviceId: Type.String(),
      // Our addition: the balance right after this move (the statement's running balance).
      balanceAfter: Money,
      // Our additions, on DEPOSIT / CASH_OUT / CASH_OUT_REVERSAL moves only: their deposit's or cash-out's
      // status and reference (moveDetails.ts).
      status: Type.Optional(Type.String()),
      reference: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    }),
  ),
  // Our additions: money deposited (confirmed), and each recent deposit with its status and reference.
  totalDepositedAmount: Money,
  deposits: Type.Array(
    Type.Object({
      depositId: Type.String(),
      reference: Type.String(),
      amount: Money,
      status: Type.String(),
      createDate: Type.String(),
      mobileWalletSid: Type.String(),
    }),
  ),
  // Our addition: the cash-outs under processing, with the reference the provider knows them by.
  pendingCashOuts: Type.Array(
    Type.Object({
      reference: Type.String(),
      amount: Money,
      createDate: Type.String(),
      mobileWalletSid: Type.String(),
    }),
  ),
});

const SubscriberInfo = Type.Object({
  msisdn: Type.String(),
  createDate: Type.Union([Type.String(), Type.Null()]),
  isSubscriptionEnabled: Type.Boolean(),
  otherSubscriptions: Type.Array(Type.String()),
});

// `payouts`: whether cash-outs go to it (M-Pesa B2C); EcoCash takes deposits only.
const SupportedWallets = Type.Array(
  Type.Object({ sid: Type.String(), name: Type.String(), payouts: Type.Boolean() }),
);

const ToggleBody = Type.Object({
  // Ignored (the subscriber comes from the token) but accepted in any form old clients send.
  msisdn: Type.Optional(Type.Union([Text({ maxLength: 32 }), Type.Number(), Type.Null()])),
  lang: Type.Optional(Text({ maxLength: 8 })),
  enableSubscription: Type.Boolean(),
});

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
    { schema: { response: { 200: Type.Array(Type.String()) } } },
    async (request) => otherSubscriptions(db, request.user.msisdn),
  );

  // Sets the state rather than flipping it, so a retried request cannot undo itself (idempotent).
  app.post(
    '/toggle-subscription',
    { schema: { body: ToggleBody, response: { 200: Type.Object({ isSubscribed: Type.Boolean() }) } } },
    async (request) => {
      const msisdn = request.user.msisdn;
      await setSubscription(db, msisdn, request.body.enableSubscription, undefined, opts.now());
      return { isSubscribed: await isSubscribed(db, msisdn) };
    },
  );
};
