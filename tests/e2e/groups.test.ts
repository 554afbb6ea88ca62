// Group play (mokhatlo, issue 29) end to end at 360×740: an operator's round closing in 45 s goes live;
// the captain (26650000001, in Sesotho) picks 14 singles on /play, plays them as a group of 3 shares, buys
// one (the share price M 0.66, the first share also pays the M 0.02 rounding leaves) and reads the code;
// member A (26650000003, subscribed first, in English) opens /g/<code>, signs in from there and buys one
// share after the confirmation; member B (a number registered, subscribed and funded by a demo M-Pesa
// deposit through the API) buys the last one by USSD menu 5 (in Sesotho). The round closes by itself: the
// groups-close job submits the group's slip once, from its escrow. The operator enters the results the
// group picked and settles on /admin; the M 1,000.00 jackpot is split to the cent (M 333.33 a share, the
// M 0.01 left to the captain). Every member's group page, statement (API and /wallet) and balance agree.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { roundBody } from '../support/rounds.ts';
import {
  apiAs,
  latestOtp,
  money,
  type Session,
  shot,
  signIn,
  useServerAndBrowser,
  type Wallet,
} from './harness.ts';

// The demo M-Pesa confirms B's deposit quickly.
const e2e = useServerAndBrowser({
  MOBILE_MONEY_LATENCY_MS: '200',
  MOBILE_MONEY_FAILURE_RATE: '0',
  MOBILE_MONEY_DEPOSIT_OUTCOME: 'confirm',
});
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

const SID = 'E2E-0029';
const CAPTAIN = '26650000001';
const BY_LINK = '26650000003';
const BY_USSD = '26658014029';
const B_PASSWORD = 'Maseru2029';
const NAME = 'Ba Maseru';
/** The group's picks, one digit per match (1 home, 3 draw, 2 away), and the results that make them right. */
const PICKS = ['1', '3', '2', '1', '1', '2', '3', '3', '2', '1', '2', '3', '1', '2'] as const;
const RESULT_OF = { '1': 'HOME_WIN', '3': 'DRAW', '2': 'AWAY_WIN' } as const;
/** The round's jackpot (its only winner is the group): 100000 cents ÷ 3 shares = 33333 each, 1 left over. */
const JACKPOT = 1000;
const PER_SHARE = 333.33;
const CAPTAIN_PRIZE = 333.34;
/** M 2.00 ÷ 3 shares, rounded down; the captain's first share also pays the 2 cents left. */
const SHARE = 0.66;
const CAPTAIN_SHARE = 0.68;

const MOBILE = `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`;
const WEBSITE = `Basic ${Buffer.from('website:website-secret').toString('base64')}`;
const cents = (m: number) => Math.round(m * 100);

const pick = (page: Page, index: number, digit: '1' | '2' | '3') =>
  page
    .locator('li.match')
    .nth(index)
    .locator('button.pick')
    .nth(digit === '1' ? 0 : digit === '3' ? 1 : 2);

interface MemberGroup {
  status: string;
  sold: number;
  myShares: number;
  members: { shares: number; captain: boolean; won: number | null }[];
  receipt: { reference: string } | null;
  winnings: { total: number; perShare: number; captainRemainder: number; mine: number } | null;
}

describe('group play', () => {
  it('a captain opens a 3-share group, one member joins by link and one by USSD, and settlement splits the prize to the cent', {
    timeout: 150_000,
  }, async () => {
    const url = e2e.server.url;
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBeLessThan(300);
      return JSON.parse(text) as Record<string, unknown>;
    };
    /** A token from the token endpoint, as the app signs in. */
    const sessionFor = async (username: string, password: string): Promise<Session> => {
      const res = await fetch(`${url}/auth/realms/commxp/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { authorization: MOBILE, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: 'mobile',
          grant_type: 'password',
          username,
          password,
        }).toString(),
      });
      expect(res.status, username).toBe(200);
      return { origin: url, token: ((await res.json()) as { access_token: string }).access_token };
    };
    const errors: string[] = [];
    const phonePage = async (lang: 'st' | 'en') => {
      const made = await e2e.phonePage();
      if (lang === 'en') await made.context.addInitScript(() => localStorage.setItem('lang', 'en'));
      made.page.on('pageerror', (e) => errors.push(e.message));
      return made;
    };

    // Member B: registered with the SMS code, subscribed, and M 10.00 deposited by M-Pesa (demo).
    await post(
      '/api/web-registration/request-otp',
      { msisdn: BY_USSD, lang: 'st' },
      { authorization: WEBSITE },
    );
    const terms = (await (await fetch(`${url}/api/public/content/terms?lang=st`)).json()) as {
      version: string;
    };
    await post(
      '/api/web-registration/register',
      {
        msisdn: BY_USSD,
        lang: 'st',
        submittedOtp: await latestOtp(url, BY_USSD),
        userInput: B_PASSWORD,
        ageConfirmed: true,
        termsVersion: terms.version,
      },
      { authorization: WEBSITE },
    );
    const captain = apiAs(await sessionFor(CAPTAIN, 'demo1234'));
    const byLink = apiAs(await sessionFor(BY_LINK, 'demo1234'));
    const bSession = await sessionFor(BY_USSD, B_PASSWORD);
    const byUssd = apiAs(bSession);
    for (const [api, msisdn] of [
      [byLink, BY_LINK],
      [byUssd, BY_USSD],
    ] as const)
      expect(
        await api.post('toggle-subscription', { msisdn, lang: 'en', enableSubscription: true }),
      ).toMatchObject({ isSubscribed: true });
    const { depositId } = (await post(
      '/api/protected/deposit',
      { lang: 'st', amount: 10, mobileWalletSid: 'MPESA' },
      { authorization: `Bearer ${bSession.token}`, 'idempotency-key': crypto.randomUUID() },
    )) as { depositId: string };
    await expect
      .poll(async () => (await byUssd.get<{ status: string }>(`deposits/${depositId}`)).status, WAIT)
      .toBe('CONFIRMED');

    // The round: built through the admin API with a M 1,000.00 jackpot, closing in 45 s with its matches
    // kicking off at the close (so results may be entered at once). It goes live when the demo round ends.
    const admin = await sessionFor('admin', 'admin1234');
    const adminPost = (path: string, body: unknown) =>
      post(`/api/admin/${path}`, body, { authorization: `Bearer ${admin.token}` });
    const closesAt = new Date(Date.now() + 45_000);
    await adminPost(
      'betslips',
      roundBody(
        SID,
        closesAt,
        {
          prizes: [
            { prizeType: 14, amount: JACKPOT },
            { prizeType: 13, amount: 100 },
          ],
        },
        { firstMs: 0, stepMs: 0 },
      ),
    );
    await adminPost(`betslips/${SID}/publish`, {});
    await post('/dev/close-current-betslip', {});
    expect((await captain.get<{ sid: string }>('fetch-current-betslip')).sid).toBe(SID);
    const wallets = async () =>
      Promise.all([captain, byLink, byUssd].map((api) => api.get<Wallet>('fetch-wallet-info')));
    const before = await wallets();

    // The captain, in Sesotho: 14 singles, "Play as a group", 3 shares, the price in words, confirmed.
    const c = await phonePage('st');
    await signIn(c.page, CAPTAIN);
    await c.page.locator('li.match').nth(13).waitFor(WAIT);
    for (const [i, digit] of PICKS.entries()) await pick(c.page, i, digit).click();
    await c.page.getByRole('button', { name: 'Bapala e le sehlopha' }).click();
    const form = c.page.getByRole('dialog', { name: 'Bapala e le sehlopha' });
    await form.waitFor(WAIT);
    await form.getByLabel('Lebitso la sehlopha').fill(NAME);
    await form.getByLabel('Palo ea likarolo').fill('3');
    expect(await form.getByLabel('Likarolo tsa hau').inputValue()).toBe('1');
    await expect
      .poll(() => form.getByTestId('group-preview').textContent(), WAIT)
      .toBe(
        `Karolo e 'ngoe le e 'ngoe e ja M ${money(SHARE)}. U lefa M ${money(CAPTAIN_SHARE)} hona joale: ` +
          `karolo ea hau ea pele e boetse e lefa M 0.02 e setseng ha theko e theoleloa lisenteng.`,
      );
    await shot(c.page, 'groups-create-st');
    await form.getByRole('button', { name: 'Tsoela pele' }).click();
    const ask = c.page.getByRole('dialog', {
      name: `Lefa M ${money(CAPTAIN_SHARE)} 'me u bule sehlopha ${NAME}?`,
    });
    await ask.waitFor(WAIT);
    await ask.getByRole('button', { name: `Bula sehlopha · M ${money(CAPTAIN_SHARE)}` }).click();
    const created = c.page.getByTestId('group-created');
    await created.waitFor(WAIT);
    expect(await created.getByRole('heading').first().textContent()).toBe('Sehlopha sa hau se butsoe');
    const code = (await created.getByTestId('group-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(await created.getByTestId('group-link').textContent()).toBe(`${url}/g/${code}`);
    await shot(c.page, 'groups-created-st');

    // Member A, in English, by the link: the public facts, sign in from there, one share after the question.
    const a = await phonePage('en');
    await a.page.goto(`/g/${code}`);
    await a.page.getByRole('heading', { level: 1, name: `Group ${NAME}` }).waitFor(WAIT);
    expect(await a.page.getByTestId('group-share-price').textContent()).toBe(`M ${money(SHARE)}`);
    expect(await a.page.getByTestId('group-left').textContent()).toBe('2 of 3');
    expect(await a.page.getByTestId('group-status').textContent()).toBe('Open: shares on sale');
    const join = a.page.getByRole('region', { name: 'Join this group' });
    expect(await join.textContent()).toContain('Sign in to buy shares.');
    await join.getByRole('link', { name: 'Sign in' }).click();
    await a.page.locator('input[name="username"]').fill(BY_LINK);
    await a.page.locator('input[name="password"]').fill('demo1234');
    await a.page.locator('form button[type="submit"]').click();
    await a.page.waitForURL(`**/g/${code}`, WAIT);
    const buy = a.page.getByRole('form', { name: 'Buy shares' });
    await buy.waitFor(WAIT);
    expect(await buy.textContent()).toContain(
      `From 1 to 2, at M ${money(SHARE)} each, paid from your wallet.`,
    );
    await buy.getByRole('button', { name: 'Buy shares' }).click();
    const pay = a.page.getByRole('dialog', { name: `M ${money(SHARE)} for 1 share of ${NAME}?` });
    await pay.waitFor(WAIT);
    await shot(a.page, 'groups-join-confirm-en');
    await pay.getByRole('button', { name: `Pay · M ${money(SHARE)}` }).click();
    await expect
      .poll(() => a.page.getByTestId('group-bought').textContent(), WAIT)
      .toMatch(new RegExp(`^Your shares are bought\\. Reference ${SID}-[0-9A-Z]+$`));
    await expect
      .poll(() => a.page.getByTestId('group-my-shares').textContent(), WAIT)
      .toBe('You have 1 share in this group.');
    expect(await a.page.getByTestId('group-left').textContent()).toBe('1 of 3');
    await shot(a.page, 'groups-joined-en');

    // Member B by USSD (Sesotho, the default): menu 5, the code, the offer, 1 to buy; a gateway retry of
    // the paying request answers the same and pays nothing twice.
    const sessionId = `ATUid_groups_${Date.now()}`;
    const ussd = async (text: string) => {
      const res = await fetch(`${url}/api/ussd`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          sessionId,
          serviceCode: '*384*14#',
          phoneNumber: BY_USSD,
          networkCode: '65101',
          text,
        }).toString(),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await ussd('')).toContain('5. Bapala le sehlopha');
    expect(await ussd('5')).toMatch(/^CON Kenya khoutu ea sehlopha \(linomoro tse 6\):\n/);
    expect(await ussd(`5*${code}`)).toContain(
      `CON Sehlopha ${NAME}\nTheko ea karolo: M ${money(SHARE)}\nLikarolo tse setseng: 1\n1. Reka karolo e le 'ngoe`,
    );
    const paid = await ussd(`5*${code}*1`);
    expect(paid).toMatch(
      new RegExp(
        `^END Jackpot 14: likarolo tse 1 tsa sehlopha ${NAME} \\(${code}\\), M ${money(SHARE)} e lefuoe ka mokotla oa chelete\\. Tshupiso: ${SID}-[0-9A-Z]+\\.$`,
      ),
    );
    expect(await ussd(`5*${code}*1`)).toBe(paid);
    expect((await captain.get<MemberGroup>(`groups/${code}`)).sold).toBe(3);

    // The round closes by itself: the groups-close job submits the group's slip from its escrow, once.
    await expect
      .poll(async () => (await captain.get<MemberGroup>(`groups/${code}`)).status, {
        timeout: Math.max(0, closesAt.getTime() - Date.now()) + 20_000,
        interval: 1000,
      })
      .toBe('SUBMITTED');
    const submitted = await captain.get<MemberGroup>(`groups/${code}`);
    expect(submitted.receipt?.reference).toMatch(new RegExp(`^${SID}-[0-9A-Z]+$`));
    const slips = await captain.get<
      { paidFrom: string; channel: string; group?: string; reference: string }[]
    >(`my-slips?sid=${SID}`);
    expect(slips).toEqual([
      expect.objectContaining({
        paidFrom: 'GROUP',
        channel: 'GROUP',
        group: code,
        reference: submitted.receipt?.reference,
      }),
    ]);
    for (const api of [byLink, byUssd]) expect(await api.get(`my-slips?sid=${SID}`)).toEqual([]);

    // The operator enters the 14 results the group picked and settles on /admin after the preview.
    await adminPost(`betslips/${SID}/results`, {
      results: PICKS.map((digit, i) => ({ position: i + 1, result: RESULT_OF[digit] })),
    });
    const o = await phonePage('en');
    await signIn(o.page, 'admin', 'admin1234');
    await o.page.goto('/admin');
    const card = o.page.locator('li.admin-card').filter({ hasText: SID });
    await card.getByRole('button', { name: 'Settle' }).click(WAIT);
    const preview = o.page.getByRole('group', { name: `Settle ${SID}?` });
    await expect
      .poll(() => preview.locator('.admin-total').textContent(), WAIT)
      .toBe(`Total to pay: M ${money(JACKPOT)}`);
    await preview.getByRole('button', { name: 'Confirm settle' }).click();
    await expect
      .poll(() => o.page.locator('.admin-notice-sticky').textContent(), { timeout: 15_000 })
      .toBe(`Betslip ${SID} settled. Winners: 1. Paid: M ${money(JACKPOT)}.`);
    await shot(o.page, 'groups-settled-admin');

    // Statements and balances: each member paid their share into the group and got their part back.
    const after = await wallets();
    const expected = [
      { share: CAPTAIN_SHARE, prize: CAPTAIN_PRIZE },
      { share: SHARE, prize: PER_SHARE },
      { share: SHARE, prize: PER_SHARE },
    ];
    for (const [i, { share, prize }] of expected.entries()) {
      const moves = (reason: string) =>
        after[i]!.walletMovesDto.filter((m) => m.reason === reason).map((m) => cents(m.amount));
      expect(moves('GROUP_SHARE'), `member ${i}`).toEqual([-cents(share)]);
      expect(moves('GROUP_PRIZE'), `member ${i}`).toEqual([cents(prize)]);
      expect(
        cents(after[i]!.totalAvailableAmount) - cents(before[i]!.totalAvailableAmount),
        `member ${i}`,
      ).toBe(cents(prize) - cents(share));
    }
    // Not a cent created or lost: the three parts are the jackpot.
    expect(cents(CAPTAIN_PRIZE) + 2 * cents(PER_SHARE)).toBe(cents(JACKPOT));

    // Every member's group page: settled, what the slip won, and their own part.
    const settledView = async (api: typeof captain) => api.get<MemberGroup>(`groups/${code}`);
    for (const [api, mine] of [
      [captain, CAPTAIN_PRIZE],
      [byLink, PER_SHARE],
      [byUssd, PER_SHARE],
    ] as const) {
      const view = await settledView(api);
      expect(view).toMatchObject({
        status: 'SETTLED',
        myShares: 1,
        winnings: { total: JACKPOT, perShare: PER_SHARE, captainRemainder: 0.01, mine },
      });
      expect(view.members.map((m) => [m.captain, m.shares, m.won])).toEqual([
        [true, 1, CAPTAIN_PRIZE],
        [false, 1, PER_SHARE],
        [false, 1, PER_SHARE],
      ]);
    }

    // The captain reads it in English: their part includes the cent left over.
    await c.page.getByTestId('lang-en').click();
    await c.page.goto(`/g/${code}`);
    await expect.poll(() => c.page.getByTestId('group-status').textContent(), WAIT).toBe('Settled');
    expect(await c.page.getByTestId('group-my-winnings').textContent()).toBe(
      `The slip won M ${money(JACKPOT)}. Your share: M ${money(CAPTAIN_PRIZE)}`,
    );
    expect(await c.page.locator('.group-members .group-amount').allTextContents()).toEqual([
      `M ${money(CAPTAIN_PRIZE)}`,
      `M ${money(PER_SHARE)}`,
      `M ${money(PER_SHARE)}`,
    ]);
    expect(await c.page.getByTestId('group-receipt').textContent()).toBe(
      `The group's receipt: ${submitted.receipt?.reference}`,
    );
    expect(await c.page.locator('.group-page').textContent()).toContain(
      "The captain's part includes the M 0.01 that splitting by shares to the cent leaves.",
    );
    await shot(c.page, 'groups-settled-captain-en');
    // And so does the captain's statement.
    await c.page.goto('/wallet');
    await c.page.getByRole('tab', { name: 'Transactions' }).click();
    const cMoves = c.page.getByRole('list', { name: 'Transactions' }).locator('summary');
    await expect
      .poll(() => cMoves.allTextContents(), WAIT)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(
              `M\\. ${money(CAPTAIN_PRIZE)}.*Group winnings · includes M 0\\.01 left over from the split`,
            ),
          ),
        ]),
      );

    // Member A's page and statement (English).
    await a.page.reload();
    await expect.poll(() => a.page.getByTestId('group-status').textContent(), WAIT).toBe('Settled');
    expect(await a.page.getByTestId('group-my-winnings').textContent()).toBe(
      `The slip won M ${money(JACKPOT)}. Your share: M ${money(PER_SHARE)}`,
    );
    await shot(a.page, 'groups-settled-link-en');
    await a.page.goto('/wallet');
    await a.page.getByRole('tab', { name: 'Transactions' }).click();
    const aMoves = a.page.getByRole('list', { name: 'Transactions' }).locator('summary');
    await expect
      .poll(() => aMoves.allTextContents(), WAIT)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`M\\. ${money(PER_SHARE)}.*Group winnings`)),
          expect.stringMatching(new RegExp(`M\\. -${money(SHARE)}.*Group share`)),
        ]),
      );
    await shot(a.page, 'groups-statement-link-en');

    // Member B signs in (Sesotho) and reads the same on the group page and the statement.
    const b = await phonePage('st');
    await signIn(b.page, BY_USSD, B_PASSWORD);
    await b.page.goto(`/g/${code}`);
    await expect.poll(() => b.page.getByTestId('group-status').textContent(), WAIT).toBe('E lefshoe');
    expect(await b.page.getByTestId('group-my-winnings').textContent()).toBe(
      `Slip e hapile M ${money(JACKPOT)}. Karolo ea hau: M ${money(PER_SHARE)}`,
    );
    expect(await b.page.getByTestId('group-my-shares').textContent()).toBe(
      'U na le karolo e le 1 sehlopheng sena.',
    );
    await shot(b.page, 'groups-settled-ussd-st');
    await b.page.goto('/wallet');
    await b.page.getByRole('tab', { name: 'Litšebelisano' }).click();
    const bMoves = b.page.getByRole('list', { name: 'Litšebelisano' }).locator('summary');
    await expect
      .poll(() => bMoves.allTextContents(), WAIT)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`M\\. ${money(PER_SHARE)}.*Moputso oa sehlopha`)),
          expect.stringMatching(new RegExp(`M\\. -${money(SHARE)}.*Karolo ea sehlopha`)),
        ]),
      );
    await shot(b.page, 'groups-statement-ussd-st');

    expect(errors).toEqual([]);
    for (const p of [c, a, o, b]) await p.context.close();
  });
});
