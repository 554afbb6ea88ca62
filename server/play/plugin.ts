// Registers the play and wallet APIs under /api/protected (one call from server/app.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { registerProtected } from '../identity/protect.ts';
import { accountCreatedAt } from '../identity/users.ts';
import { CALLBACK_PATH, SIGNATURE_HEADER } from '../providers/depositCallback.ts';
import {
  createMobileMoney,
  type MobileMoneyProvider,
  MobileMoneySimulator,
} from '../providers/mobileMoney.ts';
import { createOperatorBilling, type OperatorBilling } from '../providers/operatorBilling.ts';
import { databaseOutcomes } from '../providers/simulatorOutcomes.ts';
import { depositCallbackRoute } from '../wallet/depositCallbackRoute.ts';
import { depositRoutes } from '../wallet/depositRoutes.ts';
import { moneyRoutes } from '../wallet/moneyRoutes.ts';
import type { ReconcilerDeps } from '../wallet/reconcile.ts';
import { walletRoutes } from '../wallet/routes.ts';
import { limitRoutes } from './limitRoutes.ts';
import { responsiblePlayGuard } from './limits.ts';
import { loadReceiptKey, type ReceiptKey } from './receiptKey.ts';
import { jwksRoute, mySlipsRoute } from './receiptRoutes.ts';
import { backfillReceipts } from './receipts.ts';
import { playRoutes } from './routes.ts';
import { standingRoutes } from './standingRoutes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator billing (airtime charges). In demo mode and tests an OperatorBillingSimulator. */
    operatorBilling: OperatorBilling;
    /** Mobile money (cash-out, airtime). In demo mode and tests a MobileMoneySimulator. */
    mobileMoney: MobileMoneyProvider;
    /** What payment reconciliation works on (the providers and the stake rules of this app). */
    reconcilerDeps: ReconcilerDeps;
    /** Signs slip receipts: every channel that accepts a slip passes it to recordSlip (receipts.ts). */
    receiptKey: ReceiptKey;
  }
}

export async function registerPlayAndWallet(
  app: FastifyInstance,
  options: {
    config: Config;
    db: Db;
    now: () => Date;
    billing?: OperatorBilling;
    mobileMoney?: MobileMoneyProvider;
  },
): Promise<void> {
  const { config, db, now } = options;
  // The demo simulators remember their payments in the database, as a real provider would.
  const billing =
    options.billing ?? createOperatorBilling(config, databaseOutcomes(db.kysely, 'operator-billing'));
  app.decorate('operatorBilling', billing);
  const mobileMoney =
    options.mobileMoney ??
    createMobileMoney(
      config,
      databaseOutcomes(db.kysely, 'mobile-money'),
      databaseOutcomes(db.kysely, 'mobile-money-deposits'),
    );
  app.decorate('mobileMoney', mobileMoney);
  const receiptKey = loadReceiptKey(config);
  app.decorate('receiptKey', receiptKey);
  // Slips from before receipts, and the demo's history, get theirs (a no-op once all have one).
  const backfilled = await backfillReceipts(db.kysely, receiptKey);
  if (backfilled > 0) app.log.info({ backfilled }, 'receipts issued for earlier slips');
  // The demo provider calls our deposit callback itself, through the real route (signature and all).
  if (mobileMoney instanceof MobileMoneySimulator) {
    mobileMoney.deliver = async (rawBody, signature) =>
      (
        await app.inject({
          method: 'POST',
          url: CALLBACK_PATH,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
          payload: rawBody,
        })
      ).statusCode;
  }
  app.addHook('onClose', async () => mobileMoney.close?.());
  const stakes = {
    db: db.kysely,
    billing,
    now,
    guards: [responsiblePlayGuard],
    billingTimeoutMs: config.mobileMoney.timeoutMs,
    receiptKey,
  };
  app.decorate('reconcilerDeps', { db: db.kysely, mobileMoney, stakes });
  await registerProtected(app, playRoutes, { ...stakes, demo: config.demo });
  await app.register(jwksRoute, { key: receiptKey });
  await registerProtected(app, mySlipsRoute, { db: db.kysely });
  await registerProtected(app, limitRoutes, { db: db.kysely, now });
  await registerProtected(app, standingRoutes, { db: db.kysely, now });
  await registerProtected(app, walletRoutes, {
    db: db.kysely,
    accountCreatedAt: (msisdn) => accountCreatedAt(db.kysely, msisdn),
    now,
  });
  await registerProtected(app, depositRoutes, {
    db: db.kysely,
    provider: mobileMoney,
    timeoutMs: config.mobileMoney.timeoutMs,
    now,
  });
  await app.register(depositCallbackRoute, { db: db.kysely, secret: config.deposits.callbackSecret });
  await registerProtected(app, moneyRoutes, {
    db: db.kysely,
    provider: mobileMoney,
    timeoutMs: config.mobileMoney.timeoutMs,
    now,
  });
}
