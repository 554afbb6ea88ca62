// Registers the play and wallet APIs under /api/protected (one plugin registered by server/app.ts).
// A fastify-plugin: its decorators (billing, mobile money, receipt key, reconciler) reach the whole app.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { registerProtected } from '../identity/protect.ts';
import { accountCreatedAt } from '../identity/users.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import type { OperatorBilling } from '../providers/operatorBilling.ts';
import type { BuiltRails } from '../rails/build.ts';
import { ecocashNotifyRoute } from '../rails/ecocash/notify.ts';
import { depositResult } from '../rails/mobileMoney.ts';
import { depositCallbackRoute } from '../wallet/depositCallbackRoute.ts';
import { depositRoutes } from '../wallet/depositRoutes.ts';
import { findByReference, settleDeposit } from '../wallet/deposits.ts';
import { moneyRoutes } from '../wallet/moneyRoutes.ts';
import { walletRoutes } from '../wallet/routes.ts';
import { limitRoutes } from './limitRoutes.ts';
import { depositAllowed, responsiblePlayGuard } from './limits.ts';
import { loadReceiptKey, type ReceiptKey } from './receiptKey.ts';
import { receiptLookupRoute } from './receiptLookup.ts';
import { jwksRoute, mySlipsRoute } from './receiptRoutes.ts';
import { backfillReceipts } from './receipts.ts';
import type { ReconcilerDeps } from './reconcile.ts';
import { type PlayOptions, playRoutes } from './routes.ts';
import { standingRoutes } from './standingRoutes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator billing (airtime charges): the carrier's OneAPI gateway, or its emulator in demo mode. */
    operatorBilling: OperatorBilling;
    /** Mobile money (deposits, cash-outs) and airtime on the rails (server/rails/mobileMoney.ts). */
    mobileMoney: MobileMoneyProvider;
    /** What payment reconciliation works on (the providers and the stake rules of this app). */
    reconcilerDeps: ReconcilerDeps;
    /** Signs slip receipts: every channel that accepts a slip passes it to recordSlip (receipts.ts). */
    receiptKey: ReceiptKey;
  }
}

export interface PlayAndWalletOptions {
  config: Config;
  db: Db;
  now: () => Date;
  rails: BuiltRails;
  /** In demo mode, makes a current betslip when none is open (see PlayOptions); null otherwise. */
  ensureDemoBetslip: PlayOptions['ensureDemoBetslip'];
}

const playAndWalletPlugin: FastifyPluginAsync<PlayAndWalletOptions> = async (app, options) => {
  const { config, db, now, rails } = options;
  const billing = rails.billing;
  app.decorate('operatorBilling', billing);
  const mobileMoney = rails.mobileMoney;
  app.decorate('mobileMoney', mobileMoney);
  // A rail that answers in the call (M-Pesa C2B) or by notification (EcoCash) settles its deposit here,
  // exactly as the signed callback and the status query do: once, whoever comes first.
  mobileMoney.onDepositResult = async (reference, result) => {
    const deposit = await findByReference(db.kysely, reference);
    if (deposit) await settleDeposit(db.kysely, deposit.id, result);
  };
  if (rails.ecocashNotify)
    await app.register(ecocashNotifyRoute, {
      ...rails.ecocashNotify,
      onResult: async (reference, _msisdn, status) => {
        if (status.status === 'PENDING' || status.status === 'UNKNOWN') return;
        const deposit = await findByReference(db.kysely, reference);
        if (!deposit || deposit.walletSid !== 'ECOCASH') return;
        await mobileMoney.onDepositResult?.(
          reference,
          depositResult(status, deposit.providerRequestId ?? '', deposit.amountCents),
        );
      },
    });
  const receiptKey = loadReceiptKey(config);
  app.decorate('receiptKey', receiptKey);
  // Slips from before receipts, and the demo's history, get theirs (a no-op once all have one).
  const backfilled = await backfillReceipts(db.kysely, receiptKey);
  if (backfilled > 0) app.log.info({ backfilled }, 'receipts issued for earlier slips');
  const stakes = {
    db: db.kysely,
    billing,
    now,
    guards: [responsiblePlayGuard],
    billingTimeoutMs: config.mobileMoney.timeoutMs,
    receiptKey,
  };
  app.decorate('reconcilerDeps', { db: db.kysely, mobileMoney, stakes });
  await registerProtected(app, playRoutes, { ...stakes, ensureDemoBetslip: options.ensureDemoBetslip });
  await app.register(jwksRoute, { key: receiptKey });
  await app.register(receiptLookupRoute, { prefix: '/api/public', db: db.kysely, now });
  await registerProtected(app, mySlipsRoute, { db: db.kysely });
  await registerProtected(app, limitRoutes, { db: db.kysely, now });
  await registerProtected(app, standingRoutes, { db: db.kysely, now });
  await registerProtected(app, walletRoutes, {
    db: db.kysely,
    accountCreatedAt: (msisdn) => accountCreatedAt(db.kysely, msisdn),
    now,
    offers: (sid) => mobileMoney.offers(sid),
  });
  await registerProtected(app, depositRoutes, {
    db: db.kysely,
    provider: mobileMoney,
    timeoutMs: config.mobileMoney.timeoutMs,
    now,
    depositAllowed,
  });
  await app.register(depositCallbackRoute, { db: db.kysely, secret: config.deposits.callbackSecret });
  await registerProtected(app, moneyRoutes, {
    db: db.kysely,
    provider: mobileMoney,
    timeoutMs: config.mobileMoney.timeoutMs,
    now,
  });
};

/** Protected routes need identity's `authenticate`; play routes listen on the app's `events`. */
export const playAndWallet = fp(playAndWalletPlugin, {
  name: 'play-and-wallet',
  fastify: '5.x',
  dependencies: ['identity'],
  decorators: { fastify: ['events'] },
});
