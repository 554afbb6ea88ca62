// Reconciliation of airtime-charged stakes, and the one pass over every kind of payment that the
// payments-reconcile job (server/jobs/) runs. The engine and the wallet's own kinds (cash-outs, airtime
// purchases, deposits) are in wallet/reconcile.ts; stakes are play's (submit.ts, airtimeStakes.ts), so
// they are reconciled here, where play builds on the wallet and not the other way round.
import type { FastifyBaseLogger } from 'fastify';
import { completeKey } from '../idempotency/idempotency.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import type { LedgerDb } from '../wallet/ledger.ts';
import {
  type ReconcileOptions,
  type ReconcileReport,
  reconcileAirtimePurchases,
  reconcileCashOuts,
  reconcileDeposits,
  reconcileEach,
} from '../wallet/reconcile.ts';
import { moveStake, openStakes } from './airtimeStakes.ts';
import { confirmCharged, refundStake, releaseStake, SUBMIT_ROUTE, type SubmitDeps } from './submit.ts';

/**
 * Airtime stakes whose request died between reserving and confirming: a charge the operator made is
 * turned into the slip (if its betslip is still open) or refunded; one never made is voided and released,
 * and the request's key is freed so the subscriber's retry runs again. Refunds and voids that failed are
 * retried.
 */
export function reconcileAirtimeStakes(
  deps: SubmitDeps,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  return reconcileEach(
    deps.db,
    options,
    (before, limit) => openStakes(deps.db, before, limit),
    async (stake) => {
      if (stake.status === 'REFUNDING')
        return (await refundStake(deps, stake.reference)) ? 'failed' : 'stillPending';
      if (stake.status === 'RELEASING')
        return (await releaseStake(deps, stake.reference)) ? 'failed' : 'stillPending';
      const scope = { msisdn: stake.msisdn, route: SUBMIT_ROUTE, key: stake.key };
      return {
        scope,
        status: () => deps.billing.status(stake.reference),
        settle: async (answer: ChargeStatus) => {
          if (answer.status === 'CHARGED') {
            const response = await confirmCharged(deps, stake, answer.providerRef, async (trx, r) => {
              await completeKey(trx, scope, r);
            });
            return response.statusCode === 200 ? 'confirmed' : 'failed';
          }
          // Not charged yet: void the reference before letting the stake go, so that a charge still on its
          // way (its request only slow) is refused, or given back should it land first.
          if (!(await moveStake(deps.db, stake.reference, ['RESERVED'], 'RELEASING'))) return null;
          return (await releaseStake(deps, stake.reference)) ? 'failed' : 'stillPending';
        },
      };
    },
  );
}

/** What operator billing says of a stake's charge. */
type ChargeStatus = Awaited<ReturnType<SubmitDeps['billing']['status']>>;

export interface ReconcilerDeps {
  db: LedgerDb;
  mobileMoney: MobileMoneyProvider;
  stakes: SubmitDeps;
}

/** One pass over every kind of payment; each kind's failure is logged and does not stop the others. */
export async function reconcilePayments(
  deps: ReconcilerDeps,
  options: ReconcileOptions,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<Record<'cashOuts' | 'airtimePurchases' | 'airtimeStakes' | 'deposits', ReconcileReport | null>> {
  const run = (name: string, task: () => Promise<ReconcileReport>) =>
    task().catch((error: unknown) => {
      log?.error({ err: error }, `${name} reconciliation failed`);
      return null;
    });
  return {
    cashOuts: await run('cash-out', () => reconcileCashOuts(deps.db, deps.mobileMoney, options)),
    airtimePurchases: await run('airtime purchase', () =>
      reconcileAirtimePurchases(deps.db, deps.mobileMoney, options),
    ),
    airtimeStakes: await run('airtime stake', () => reconcileAirtimeStakes(deps.stakes, options)),
    deposits: await run('deposit', () => reconcileDeposits(deps.db, deps.mobileMoney, options)),
  };
}
