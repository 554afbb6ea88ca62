// Shared set-up for the wallet money tests: requests to the money routes and the simulator.
import type { FastifyInstance } from 'fastify';
import type { MobileMoneySimulator } from '../../server/providers/mobileMoney.ts';
import { creditPrize } from '../../server/wallet/ledger.ts';
import type { TestApp } from './helper.ts';

export const simulatorOf = (app: FastifyInstance) => app.mobileMoney as MobileMoneySimulator;

/** Resets the simulator to an instant, reliable provider. */
export function resetSimulator(app: FastifyInstance): MobileMoneySimulator {
  const sim = simulatorOf(app);
  sim.latencyMs = 0;
  sim.failureRate = 0;
  sim.hang = false;
  return sim;
}

/** POST JSON to a protected route, with an Idempotency-Key unless `key` is null. */
export function post(
  app: FastifyInstance,
  token: string,
  route: string,
  payload: unknown,
  key: string | null = crypto.randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/protected/${route}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(payload),
  });
}

/** Winnings (withdrawable) for `msisdn`. */
export const win = (t: TestApp, msisdn: string, amountCents: number, id: string = crypto.randomUUID()) =>
  creditPrize(t.db.kysely, { msisdn, amountCents, submissionId: id });

/** Rows a request may write for `msisdn`: moves, cash-outs and idempotency records. */
export async function rowsOf(t: TestApp, msisdn: string) {
  const db = t.db.kysely;
  const [moves, cashOuts, keys] = await Promise.all([
    db.selectFrom('wallet_moves').selectAll().where('msisdn', '=', msisdn).execute(),
    db.selectFrom('cash_outs').selectAll().where('msisdn', '=', msisdn).execute(),
    db.selectFrom('idempotency_keys').selectAll().where('msisdn', '=', msisdn).execute(),
  ]);
  return { moves: moves.length, cashOuts: cashOuts.length, keys: keys.length };
}
