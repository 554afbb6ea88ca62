// Marketing's prize-table form checks amounts as PUT /api/admin/prizes does, before sending.
import { describe, expect, it } from 'vitest';
import { badTiers, fieldsOf, prizesOf } from '../../src/screens/marketing/prizeForm';

const empty = { 14: '', 13: '', 12: '', 7: '', 6: '' };

describe('prize form', () => {
  it('fills one field per tier from the stored table, empty where the table has no such tier', () => {
    expect(
      fieldsOf([
        { prizeType: 14, amount: 1000 },
        { prizeType: 6, amount: 2.5 },
      ]),
    ).toEqual({
      ...empty,
      14: '1000',
      6: '2.5',
    });
  });

  it('sends the filled tiers highest first, with a decimal comma taken as a point', () => {
    expect(prizesOf({ ...empty, 6: '1,50', 14: ' 200000 ' })).toEqual({
      ok: true,
      prizes: [
        { prizeType: 14, amount: 200000 },
        { prizeType: 6, amount: 1.5 },
      ],
    });
  });

  it('refuses what the server refuses: three decimals, words, negatives, too much, nothing at all', () => {
    expect(badTiers({ ...empty, 14: '1.005', 13: 'ten', 12: '-1', 7: '100000001', 6: '100000000' })).toEqual([
      14, 13, 12, 7,
    ]);
    expect(prizesOf({ ...empty, 14: '1.005' })).toEqual({ ok: false, problem: 'amount' });
    expect(prizesOf(empty)).toEqual({ ok: false, problem: 'empty' });
  });
});
