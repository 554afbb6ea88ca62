// The statement's deposit and cash-out rows carry their status and reference (fetch-wallet-info's
// walletMovesDto, server/wallet/moveDetails.ts); other moves carry neither, and the details cost one query.
import { expect, it } from 'vitest';
import { moveDetails } from '../../server/wallet/moveDetails.ts';
import { depositBody, resetDeposits, settled } from './depositFixtures.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, get } from './playFixtures.ts';
import { post, resetSimulator, win } from './walletFixtures.ts';

type Row = { reason: string; amount: number; status?: string; reference?: string | null };

describeEachDb('statement: status and reference of deposits and cash-outs', (t) => {
  it('a confirmed deposit, a paid cash-out and a failed one show their status and reference', async () => {
    const { app } = t();
    resetDeposits(app, 'confirm');
    const sim = resetSimulator(app);
    const msisdn = '26650001801';
    const token = await addSubscriber(t(), msisdn, { walletCents: 5_00 });
    await win(t(), msisdn, 100_00);

    const deposit = (await post(app, token, 'deposit', depositBody(20))).json();
    expect((await settled(app, token, deposit.depositId)).status).toBe('CONFIRMED');
    const paid = (
      await post(app, token, 'cash-out', { lang: 'en', amount: 30, mobileWalletSid: 'MPESA' })
    ).json();
    expect(paid.status).toBe('CONFIRMED');
    sim.failureRate = 1;
    const failed = (
      await post(app, token, 'cash-out', { lang: 'en', amount: 10, mobileWalletSid: 'MPESA' })
    ).json();
    sim.failureRate = 0;
    expect(failed.status).toBe('FAILED');

    const info = (await get(app, token, 'fetch-wallet-info')).json();
    const rows = info.walletMovesDto.map(({ reason, amount, status, reference }: Row) => ({
      reason,
      amount,
      ...(status === undefined ? {} : { status }),
      ...(reference === undefined ? {} : { reference }),
    }));
    expect(rows).toEqual([
      { reason: 'CASH_OUT_REVERSAL', amount: 10, status: 'FAILED', reference: failed.reference },
      { reason: 'CASH_OUT', amount: -10, status: 'FAILED', reference: failed.reference },
      { reason: 'CASH_OUT', amount: -30, status: 'CONFIRMED', reference: paid.reference },
      { reason: 'DEPOSIT', amount: 20, status: 'CONFIRMED', reference: deposit.reference },
      { reason: expect.any(String), amount: 100 },
      { reason: 'TEST_CREDIT', amount: 5 },
    ]);
  });

  it('asks nothing when no listed move is a deposit or a cash-out, and one query otherwise', async () => {
    const db = t().db.kysely;
    let queries = 0;
    const counting = db.withPlugin({
      transformQuery: (args) => args.node,
      // Called once per executed statement (transformQuery also sees each part of a union).
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    });
    expect(await moveDetails(counting, '26650001802', [{ id: 1, kind: 'STAKE' }])).toEqual(new Map());
    expect(queries).toBe(0);
    await moveDetails(counting, '26650001802', [
      { id: 1, kind: 'DEPOSIT' },
      { id: 2, kind: 'CASH_OUT' },
      { id: 3, kind: 'CASH_OUT_REVERSAL' },
    ]);
    expect(queries).toBe(1);
  });
});
