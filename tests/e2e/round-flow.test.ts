// A whole round run by an operator on /admin through the screen alone, twice: at 1280×800 and at 360×740
// (touch). Round A is built in the form (known teams and one typed, kick-offs and closing in Maseru time,
// price and prizes), previewed, and published after a confirmation that says it waits for the demo round
// (SCHEDULED); round B is copied from A at 360 and published behind A, and goes live by itself when A
// closes (the go-live job due at A's end). A subscriber's slip on each (through the API, as the app sends
// it); after each close the 14 results are entered in one grid and saved once, the settlement previewed
// (winners and payout per tier, total), and settled after a confirmation; a settled round offers nothing
// more. The audit log view lists what the operator did, and a refused settlement left no row.
// Times: A closes ~40 s after it is built and its matches kick off at the close; B 20 s after A. The demo
// round (open for days) is ended with the demo-only POST /dev/close-current-betslip: only the clock is
// cut short, no operator step.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, type Session, shot, signIn, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();

const SUBSCRIBER = '26650000001';
const MOBILE = `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`;

/** Round A's matches: known teams (with badges), and one pair typed that the app does not know. */
const FIXTURES: [string, string, string][] = [
  ['Vodacom Premier League Lesotho', 'Matlama FC', 'Lioli FC'],
  ['Vodacom Premier League Lesotho', 'Bantu FC', 'Lesotho Defence Force'],
  ['Vodacom Premier League Lesotho', 'Linare FC', 'LCS'],
  ['Premier League', 'Arsenal', 'Chelsea'],
  ['Premier League', 'Liverpool', 'Manchester City'],
  ['Premier League', 'Aston Villa', 'Newcastle United'],
  ['La Liga', 'Real Madrid', 'FC Barcelona'],
  ['La Liga', 'Sevilla FC', 'Villarreal CF'],
  ['Bundesliga', 'Bayern München', 'Borussia Dortmund'],
  ['Bundesliga', 'RB Leipzig', 'Bayer Leverkusen'],
  ['Serie A', 'Juventus', 'Inter'],
  ['Serie A', 'Lazio', 'AC Milan'],
  ['CAF Champions League', 'Al Ahly', 'Wydad AC'],
  ['Maseru Cup', 'Maseru Brothers', 'Roma Rovers'],
];

/** The subscriber's picks (1 home, 3 draw, 2 away) and the results that make them right. */
const PICKS = [1, 3, 2, 1, 1, 2, 3, 3, 2, 1, 2, 3, 1, 2] as const;
const RESULT_OF = { 1: 'HOME_WIN', 3: 'DRAW', 2: 'AWAY_WIN' } as const;

/** A datetime-local value in Maseru time (UTC+2), to the second. */
const maseru = (ms: number) => new Date(ms + 2 * 3_600_000).toISOString().slice(0, 19);

const notice = (page: Page) => page.locator('.admin-notice-sticky');
const card = (page: Page, sid: string) => page.locator('li.admin-card').filter({ hasText: sid });
/** The round's status code (the chip itself shows it in the operator's words). */
const statusOf = (page: Page, sid: string) =>
  card(page, sid).locator('.admin-status').getAttribute('data-status');

/** Nothing wider than the viewport, and every visible button of the screen a finger high. */
async function fits(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  const low = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.admin button, .admin select, .admin input:not([type=checkbox])',
      ),
    ]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
      .map((el) => el.getAttribute('aria-label') ?? el.textContent),
  );
  expect(low).toEqual([]);
}

/** Signs in through the login screen in English and opens /admin. */
async function openAdmin(page: Page) {
  await signIn(page, 'admin', 'admin1234');
  await page.getByTestId('lang-en').click();
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Build a round' }).waitFor();
}

/** Creates the round in the form and returns its sid (from the operator's notice). */
async function create(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create the round' }).click();
  await expect.poll(() => notice(page).textContent()).toMatch(/^Betslip J14-\d{4} created as a draft\.$/);
  return /J14-\d{4}/.exec((await notice(page).textContent()) ?? '')![0];
}

/** Publishes `sid` after reading the confirmation, which must say it waits for `open`. */
async function publishBehind(page: Page, sid: string, open: string) {
  await card(page, sid).getByRole('button', { name: 'Publish' }).click();
  const plan = page.getByRole('group', { name: `Publish ${sid}?` });
  expect(await plan.textContent()).toContain(`Round ${open} is still open until`);
  expect(await plan.textContent()).toContain(`${sid} waits (scheduled) and goes live when it ends`);
  await plan.getByRole('button', { name: 'Confirm publish' }).click();
  await expect
    .poll(() => notice(page).textContent())
    .toBe(`Betslip ${sid} scheduled: it goes live when the current round ends.`);
  await expect.poll(() => statusOf(page, sid)).toBe('SCHEDULED');
  expect(await card(page, sid).textContent()).toContain('Goes live when the open round ends.');
}

/** Refreshes the list until `sid` shows `status`. */
async function untilStatus(page: Page, sid: string, status: string, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return statusOf(page, sid);
      },
      { timeout, interval: 1000 },
    )
    .toBe(status);
}

/** Enters the 14 results in the grid, saves once, previews the settlement and settles after confirming. */
async function resultsAndSettle(
  page: Page,
  sid: string,
  results: string[],
  expected: { tiers: string[][]; total: number; winners: number },
  name: string,
) {
  await card(page, sid).getByRole('button', { name: 'Enter results' }).click();
  const grid = page.getByRole('list', { name: `Results of ${sid}` });
  for (const [i, result] of results.entries())
    await grid.locator(`#result-${sid}-${i + 1}`).selectOption(result);
  await shot(page, `${name}-results`);
  await card(page, sid).getByRole('button', { name: 'Save results' }).click();
  await expect.poll(() => notice(page).textContent()).toBe('Results saved: 14 changed.');

  await card(page, sid).getByRole('button', { name: 'Settle' }).click();
  const preview = page.getByRole('group', { name: `Settle ${sid}?` });
  await preview.waitFor();
  const rows = await preview
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  expect(rows).toEqual(expected.tiers);
  expect(await preview.locator('.admin-total').textContent()).toBe(
    `Total to pay: M ${money(expected.total)}`,
  );
  await fits(page);
  await shot(page, `${name}-preview`);
  await preview.getByRole('button', { name: 'Confirm settle' }).click();
  await expect
    .poll(() => notice(page).textContent(), { timeout: 15_000 })
    .toBe(`Betslip ${sid} settled. Winners: ${expected.winners}. Paid: M ${money(expected.total)}.`);
  await expect.poll(() => statusOf(page, sid)).toBe('SETTLED');
  // Nothing more to do on a settled round: no "Enter results", no "Settle".
  expect(await card(page, sid).getByRole('button').count()).toBe(0);
  await shot(page, `${name}-settled`);
}

describe('an operator runs whole rounds on /admin', () => {
  let wide: BrowserContext;
  let narrow: BrowserContext;
  let desk: Page;
  let phone: Page;
  let subscriber: Session;
  const errors: string[] = [];

  beforeAll(async () => {
    wide = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 1280, height: 800 } });
    narrow = await e2e.phone();
    desk = await wide.newPage();
    phone = await narrow.newPage();
    for (const p of [desk, phone]) p.on('pageerror', (e) => errors.push(e.message));
    // The subscriber's app: a token from the token endpoint, as the app signs in.
    const res = await fetch(`${e2e.server.url}/auth/realms/commxp/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { authorization: MOBILE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'mobile',
        grant_type: 'password',
        username: SUBSCRIBER,
        password: 'demo1234',
      }).toString(),
    });
    subscriber = {
      origin: e2e.server.url,
      token: ((await res.json()) as { access_token: string }).access_token,
    };
  });

  afterAll(async () => {
    await wide?.close();
    await narrow?.close();
  });

  /** The subscriber pays one slip of singles on `sid` from the wallet, as the app sends it. */
  const play = async (sid: string, cost: number) => {
    const res = await fetch(`${subscriber.origin}/api/protected/submit-online-betslip`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${subscriber.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        msisdn: SUBSCRIBER,
        lang: 'en',
        betSlipSid: sid,
        positionAndPredictionDtos: PICKS.map((prediction, i) => ({ betSlipPosition: i, prediction })),
        betSlipCost: cost,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  /** The operator's audit rows, read as the audit log view reads them. */
  const auditRows = async (query: string) => {
    const token = await desk.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${e2e.server.url}/api/admin/audit?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as { action: string; target: string }[];
  };

  it('builds, schedules, goes live, takes results, previews and settles, at 1280 and at 360', {
    timeout: 150_000,
  }, async () => {
    await openAdmin(desk);
    await openAdmin(phone);
    const demo = (await desk
      .locator('li.admin-card')
      .filter({ has: desk.locator('[data-status="CURRENT"]') })
      .locator('strong')
      .textContent())!;

    // Round A at 1280: 14 matches typed or picked from the known teams, kick-offs at its close.
    const closesA = Math.ceil((Date.now() + 40_000) / 1000) * 1000;
    for (const [i, [tournament, home, away]] of FIXTURES.entries()) {
      await desk.getByLabel(`Tournament of match ${i + 1}`, { exact: true }).fill(tournament);
      await desk.getByLabel(`Home team of match ${i + 1}`, { exact: true }).fill(home);
      await desk.getByLabel(`Away team of match ${i + 1}`, { exact: true }).fill(away);
      await desk.getByLabel(`Kick-off of match ${i + 1} (Maseru time)`).fill(maseru(closesA));
    }
    await desk.getByLabel('Closing time (Maseru time; empty: the first kick-off)').fill(maseru(closesA));
    await desk.getByLabel('Price of a slip of singles (M)').fill('2');
    await desk.getByLabel('14 correct').fill('5000');
    await desk.getByLabel('13 correct').fill('500');
    // The preview, as subscribers will see the betslip: 14 matches, known teams with their badges.
    const preview = desk.getByRole('region', { name: 'Preview of the betslip' });
    expect(await preview.locator('li').count()).toBe(14);
    expect(await preview.locator('li').first().textContent()).toContain('Matlama FC – Lioli FC');
    expect(await preview.locator('li').first().locator('img').count()).toBe(2);
    expect(await preview.locator('li').last().locator('img').count()).toBe(0);
    expect(await preview.textContent()).toContain(`Closes ${maseru(closesA).slice(0, 16).replace('T', ' ')}`);
    await fits(desk);
    await shot(desk, 'round-a-built-1280');
    const a = await create(desk);
    // The form starts again empty: a second tap cannot create the round twice.
    await expect.poll(() => desk.getByLabel('Home team of match 1', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => statusOf(desk, a)).toBe('DRAFT');

    // Published while the demo round is open: it waits, and says so first.
    await publishBehind(desk, a, demo);
    await shot(desk, 'round-a-scheduled-1280');
    // The demo round's days are cut short (demo clock only); A goes live.
    await fetch(`${e2e.server.url}/dev/close-current-betslip`, { method: 'POST' });
    await untilStatus(desk, a, 'CURRENT');
    await play(a, 2);

    // Round B at 360: copied from A (a week later), then its times set: it closes 20 s after A.
    const closesB = closesA + 20_000;
    await phone.getByRole('button', { name: 'Refresh' }).click();
    await phone.getByLabel('Copy a past round (a week later)').selectOption(a);
    expect(await phone.getByLabel('Home team of match 14', { exact: true }).inputValue()).toBe(
      'Maseru Brothers',
    );
    expect(await phone.getByLabel('Kick-off of match 1 (Maseru time)').inputValue()).toBe(
      maseru(closesA + 7 * 86_400_000).slice(0, 16),
    );
    for (let i = 1; i <= 14; i++)
      await phone.getByLabel(`Kick-off of match ${i} (Maseru time)`).fill(maseru(closesB));
    await phone.getByLabel('Closing time (Maseru time; empty: the first kick-off)').fill(maseru(closesB));
    await phone.getByLabel('14 correct').fill('8000');
    await phone.getByLabel('13 correct').fill('800');
    await fits(phone);
    await shot(phone, 'round-b-built-360');
    const b = await create(phone);
    await publishBehind(phone, b, a);
    await fits(phone);
    await shot(phone, 'round-b-scheduled-360');
    // Before B's matches kick off, their results cannot be chosen.
    expect(Date.now()).toBeLessThan(closesA);

    // A closes; B goes live by itself (no operator step), and the subscriber plays it.
    await untilStatus(phone, b, 'CURRENT', Math.max(0, closesA - Date.now()) + 20_000);
    await play(b, 2);
    await card(phone, b).getByRole('button', { name: 'Enter results' }).click();
    expect(await phone.locator(`#result-${b}-1`).isDisabled()).toBe(true);
    expect(await phone.locator(`#result-${b}-1 option`).first().textContent()).toBe('Not kicked off yet');
    await card(phone, b).getByRole('button', { name: 'Enter results' }).click();
    // Settling before the results is refused, in words, and leaves no audit row.
    await card(phone, b).getByRole('button', { name: 'Settle' }).click();
    await expect
      .poll(() => phone.getByRole('alert').first().textContent())
      .toBe('Every match needs a result before the betslip can be settled.');
    expect(await auditRows(`action=BETSLIP.PREVIEW&target=${b}`)).toEqual([]);

    // A at 1280: the subscriber's picks all right, so one jackpot winner.
    await untilStatus(desk, a, 'CLOSED');
    await resultsAndSettle(
      desk,
      a,
      PICKS.map((p) => RESULT_OF[p]),
      {
        tiers: [
          ['14', '1', `M ${money(5000)}`, `M ${money(5000)}`],
          ['13', '0', `M ${money(0)}`, `M ${money(500)}`],
        ],
        total: 5000,
        winners: 1,
      },
      'round-a-1280',
    );

    // B at 360 once it has closed: the last match went the other way, 13 right.
    await expect
      .poll(() => Date.now(), { timeout: Math.max(0, closesB - Date.now()) + 5000 })
      .toBeGreaterThan(closesB);
    await phone.getByRole('button', { name: 'Refresh' }).click();
    await resultsAndSettle(
      phone,
      b,
      PICKS.map((p, i) => (i === 13 ? 'HOME_WIN' : RESULT_OF[p])),
      {
        tiers: [
          ['14', '0', `M ${money(0)}`, `M ${money(8000)}`],
          ['13', '1', `M ${money(800)}`, `M ${money(800)}`],
        ],
        total: 800,
        winners: 1,
      },
      'round-b-360',
    );
    await fits(phone);

    // The audit log view lists what the operator did to each round (filtered by the round).
    await desk.getByLabel('Operator', { exact: true }).fill('admin');
    const log = desk.locator('.admin-audit tbody');
    for (const sid of [a, b]) {
      await desk.getByLabel('Subscriber or betslip').fill(sid);
      await desk.getByRole('button', { name: 'Show' }).click();
      await expect.poll(() => log.locator('tr').first().locator('td').nth(3).textContent()).toBe(sid);
      const done = await log.locator('tr').evaluateAll((trs) =>
        // The action reads in words; its code is the cell's title.
        trs.map((tr) => `${tr.children[1]?.textContent} ${tr.children[2]?.getAttribute('title')}`),
      );
      for (const action of ['CREATE', 'PUBLISH', 'RESULT', 'PREVIEW', 'SETTLE'])
        expect(done, `${action} ${sid}`).toContain(`admin BETSLIP.${action}`);
      expect(done.filter((d) => d === 'admin BETSLIP.RESULT')).toHaveLength(14);
    }
    await desk.getByLabel('Subscriber or betslip').fill('betslips');
    await desk.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(() => log.locator('tr').first().locator('td').nth(2).getAttribute('title'))
      .toBe('BETSLIPS.LIST');
    // One preview of B: the refused one left none.
    expect(await auditRows(`action=BETSLIP.PREVIEW&target=${b}`)).toHaveLength(1);
    await fits(desk);
    await shot(desk, 'audit-1280');
    expect(errors).toEqual([]);
  });
});
