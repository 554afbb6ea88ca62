// change-password: the old password is checked, the new one must be compliant, other sessions end.
import { expect, it } from 'vitest';
import { describeEachDb, signIn, tokenRequest } from './helper.ts';
import { addSubscriber } from './playFixtures.ts';
import { post } from './walletFixtures.ts';

const OLD = 'play1234'; // addSubscriber's password

describeEachDb('account: change-password', (t) => {
  it('refuses a wrong old password and a non-compliant new one, changing nothing', async () => {
    const { app } = t();
    const msisdn = '26650000601';
    const token = await addSubscriber(t(), msisdn);
    const wrong = await post(app, token, 'change-password', {
      oldPassword: 'nope1234',
      newPassword: 'fresh5678',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ statusCode: 400, messageKey: 'PASSWORD.WRONG_OLD' });
    for (const newPassword of [
      'short1',
      'NODIGITSHERE',
      'UPPER12345',
      'nodigitshere',
      'with space1',
      'päss1234',
    ]) {
      const res = await post(app, token, 'change-password', { oldPassword: OLD, newPassword });
      expect({ newPassword, status: res.statusCode, key: res.json().messageKey }).toEqual({
        newPassword,
        status: 400,
        key: 'PASSWORD.NOT_COMPLIANT',
      });
    }
    const malformed = await post(app, token, 'change-password', { oldPassword: OLD, newPassword: 12345678 });
    expect(malformed.json().messageKey).toBe('ERRORS.INVALID_REQUEST');
    // The old password still works.
    await signIn(app, msisdn, OLD);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { app } = t();
    const msisdn = '26650000602';
    await addSubscriber(t(), msisdn);
    const here = await signIn(app, msisdn, OLD);
    const elsewhere = await signIn(app, msisdn, OLD);
    const res = await post(app, here.access_token, 'change-password', {
      oldPassword: OLD,
      newPassword: 'N3wPass@word',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);

    const withOld = await tokenRequest(app, {
      grant_type: 'password',
      username: msisdn,
      password: OLD,
      client_id: 'mobile',
    });
    expect(withOld.statusCode).toBe(401);
    const withNew = await signIn(app, msisdn, 'N3wPass@word');
    expect(withNew.access_token).toBeTruthy();

    const refresh = (token: string) =>
      tokenRequest(app, { grant_type: 'refresh_token', refresh_token: token, client_id: 'mobile' });
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(400);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
  });
});
