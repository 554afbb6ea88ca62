// Every operator read leaves an audit row, like every action: the betslip list and the flagged deposits
// (subscribers' numbers) included; a refused read (another role) leaves none.
import { expect, it } from 'vitest';
import { seedDemoAccounts } from '../../server/seed.ts';
import { describeEachDb, signIn } from './helper.ts';

describeEachDb('operator reads are audited', (t) => {
  const rows = (action: string) =>
    t()
      .db.kysely.selectFrom('operator_audit')
      .select(['actor', 'target'])
      .where('action', '=', action)
      .execute();

  it('audits the betslip list and the flagged deposits; a refused read writes nothing', async () => {
    const { app, db, config, clock } = t();
    await seedDemoAccounts({ db, config, now: clock.now() });
    const as = async (user: string, password: string, url: string) =>
      app.inject({
        method: 'GET',
        url: `/api/admin${url}`,
        headers: { authorization: `Bearer ${(await signIn(app, user, password)).access_token}` },
      });

    expect((await as('marketing', 'marketing1234', '/betslips')).statusCode).toBe(403);
    expect((await as('callcentre', 'callcentre1234', '/deposits/flagged')).statusCode).toBe(403);
    expect(await rows('BETSLIPS.LIST')).toEqual([]);
    expect(await rows('DEPOSITS.READ')).toEqual([]);

    expect((await as('admin', 'admin1234', '/betslips')).statusCode).toBe(200);
    expect((await as('admin', 'admin1234', '/deposits/flagged')).statusCode).toBe(200);
    expect(await rows('BETSLIPS.LIST')).toEqual([{ actor: 'admin', target: 'betslips' }]);
    expect(await rows('DEPOSITS.READ')).toEqual([{ actor: 'admin', target: 'flagged' }]);
  });
});
