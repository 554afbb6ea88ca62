// The default prize table under concurrent edits: parallel PUT /api/admin/prizes all succeed, one after
// the other, and the table left is exactly one of those sent (never a mix, never a unique violation).
import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed.ts';
import { describeEachDb, signIn } from './helper.ts';

describeEachDb('operations: the default prize table', (t) => {
  let token: string;

  beforeAll(async () => {
    await seedDemo(t().db, t().config, t().clock.now());
    token = (await signIn(t().app, 'marketing', 'marketing1234')).access_token;
  });

  it('serialises ten parallel replacements: all 200, the table left is one of them', async () => {
    // Different tiers and amounts in each, so a mix of two would show.
    const tables = Array.from({ length: 10 }, (_, i) =>
      [14, 13, 12, 7, 6].slice(0, 1 + (i % 5)).map((prizeType) => ({ prizeType, amount: 1000 * (i + 1) })),
    );
    const answers = await Promise.all(
      tables.map((payload) =>
        t().app.inject({
          method: 'PUT',
          url: '/api/admin/prizes',
          headers: { authorization: `Bearer ${token}` },
          payload,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(tables.map(() => 200));
    expect(answers.map((a) => a.json())).toEqual(tables);

    const left = await t()
      .db.kysely.selectFrom('prizes')
      .select(['prize_type', 'amount_cents'])
      .where('betslip_sid', 'is', null)
      .orderBy('prize_type', 'desc')
      .execute();
    const table = left.map((p) => ({ prizeType: p.prize_type, amount: Number(p.amount_cents) / 100 }));
    expect(tables).toContainEqual(table);
    const audited = await t()
      .db.kysely.selectFrom('operator_audit')
      .select('id')
      .where('action', '=', 'PRIZES.REPLACE')
      .execute();
    expect(audited).toHaveLength(10);
  });
});
