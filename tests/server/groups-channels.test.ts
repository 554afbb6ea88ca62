// Joining a group by SMS (DESIGN.md "Group play": `GROUP <code> [shares]`, Sesotho `SEHLOPHA`), on both
// databases: the shares are paid from the wallet into the group's escrow under the key `sms:<message id>`
// (the provider's retry of a message pays nothing more), the reply names the group, the amount and the
// reference, in the keyword's language, and refusals say why.
import { beforeAll, expect, it } from 'vitest';
import { findByCode } from '../../server/groups/store.ts';
import { balance, inboundSms, outbox, ussd } from './channelFixtures.ts';
import { groundwork, openGroupWithMembers, openRound } from './groupFixtures.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber } from './playFixtures.ts';

let ids = 0;
const newId = () => `ATXid_g${++ids}_${Math.random().toString(36).slice(2)}`;

describeEachDb('group play by SMS', (t) => {
  beforeAll(async () => {
    await groundwork(t());
  });

  it('GROUP <code> <shares> buys shares once per message, in English and Sesotho; refusals say why', async () => {
    await openRound(t(), 'S-1');
    const captain = '26655000001';
    const token = await addSubscriber(t(), captain, { walletCents: 100_00 });
    const { code } = await openGroupWithMembers(t(), token, { sid: 'S-1', name: 'Motse', shares: 4 });
    const [en, st] = ['26655000002', '26655000003'];
    await addSubscriber(t(), en, { walletCents: 10_00 });
    await addSubscriber(t(), st, { walletCents: 10_00 });

    const id = newId();
    expect((await inboundSms(t().app, en, `group ${code} 2`, id)).statusCode).toBe(200);
    const reply = (await outbox(t().app, en))[0];
    expect(reply).toMatch(
      new RegExp(
        `^Jackpot 14: 2 share\\(s\\) of group Motse \\(${code}\\), M 1\\.00 paid from your wallet\\. Reference: S-1-\\w{6}\\.$`,
      ),
    );
    // The provider's retry of the same message: nothing more paid.
    await inboundSms(t().app, en, `group ${code} 2`, id);
    expect(await balance(t(), en)).toBe(10_00 - 100);

    await inboundSms(t().app, st, `SEHLOPHA ${code}`, newId());
    expect((await outbox(t().app, st))[0]).toMatch(
      /^Jackpot 14: likarolo tse 1 tsa sehlopha Motse .*Tshupiso: S-1-/,
    );
    expect(await balance(t(), st)).toBe(10_00 - 50);
    expect((await findByCode(t().db.kysely, code))?.sold).toBe(4);

    await inboundSms(t().app, st, `SEHLOPHA ${code}`, newId());
    expect((await outbox(t().app, st))[0]).toBe('Sehlopha se tletse. Ha ua lefisoa letho.');
    await inboundSms(t().app, en, 'GROUP 000000', newId());
    expect((await outbox(t().app, en))[0]).toBe('No group has that code. Nothing was charged.');
    await inboundSms(t().app, en, 'GROUP 12ab', newId());
    expect((await outbox(t().app, en))[0]).toMatch(/^No group has that code\. .*GROUP 123456 2\.$/);
    expect(await balance(t(), en)).toBe(10_00 - 100);
  });

  it('USSD 5 Group play: code, the offer, 1 Buy ends with the reference; a retry pays nothing more', async () => {
    await openRound(t(), 'S-2');
    const captain = '26655000011';
    const token = await addSubscriber(t(), captain, { walletCents: 100_00 });
    const { code } = await openGroupWithMembers(t(), token, { sid: 'S-2', name: 'Motse', shares: 3 });
    const member = '26655000012';
    await addSubscriber(t(), member, { walletCents: 10_00 });
    const screen = async (session: string, text: string) => (await ussd(t().app, session, member, text)).body;
    expect(await screen('gs-1', '5')).toBe('CON Kenya khoutu ea sehlopha (linomoro tse 6):\n0. Morao');
    expect(await screen('gs-1', '4*2*5')).toBe("CON Enter the group's 6-digit code:\n0. Back");
    expect(await screen('gs-1', `4*2*5*${code}`)).toBe(
      'CON Group Motse\nPrice per share: M 0.66\nShares left: 2\n1. Buy one share\n0. Back',
    );
    const paid = await screen('gs-1', `4*2*5*${code}*1`);
    expect(paid).toMatch(
      new RegExp(
        `^END Jackpot 14: 1 share\\(s\\) of group Motse \\(${code}\\), M 0\\.66 paid from your wallet\\. Reference: S-2-\\w{6}\\.$`,
      ),
    );
    // The gateway's retry of the paying request: the same screen, nothing more paid.
    expect(await screen('gs-1', `4*2*5*${code}*1`)).toBe(paid);
    expect(await balance(t(), member)).toBe(10_00 - 66);
    // The language chosen above is the number's from now on.
    expect(await screen('gs-2', '5*000000')).toBe('END No group has that code. Nothing was charged.');
    expect(await screen('gs-3', '5*12')).toMatch(/^CON Invalid choice\./);
    for (const text of [`5*${code}*1`])
      expect(await screen('gs-4', text)).toMatch(/^END Jackpot 14: 1 share\(s\) of group Motse/);
    expect(await screen('gs-5', `5*${code}`)).toBe('END The group is full. Nothing was charged.');
    expect((await findByCode(t().db.kysely, code))?.sold).toBe(3);
  });
});
