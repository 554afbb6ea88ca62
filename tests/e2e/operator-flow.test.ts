// The whole game, end to end: a betslip created through the admin API is published on /admin, told
// first that it will wait for the demo round still open (SCHEDULED); the demo round ends and it goes live;
// the demo subscriber picks all 14 on /play and pays; the operator enters the 14 results the subscriber
// picked in one form, previews the settlement and settles after the close; the subscriber sees the slip won
// on /results with the gold confetti, the congratulation banner and the pick shares, and the wallet grew by
// exactly the prize; anyone signed out finds the round's official results on /rounds.
// Closes are brought forward with the demo-only POST /dev/close-current-betslip instead of waiting (with
// ?played=1 the matches have been played too, so their results may be entered).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, money, shot, signIn, useServerAndBrowser, type Wallet } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

interface PastSlip {
  sid: string;
  won: boolean;
  betSlipClosed: boolean;
  subscriberId: string;
  amountWon: number;
  prizeWon: string;
  correctCount: number | null;
  statistics: null | {
    matches: { position: number; home: number; draw: number; away: number }[];
    tiers: { prizeType: number; winners: number; amountEach: number }[];
  };
}

const root = new URL('../..', import.meta.url).pathname;
const SID = 'E2E-0001';
const SUBSCRIBER = '26650000001';
/** The subscriber's picks, one digit per match (1 home, 3 draw, 2 away), and the results that make them right. */
const PICKS = ['1', '3', '2', '1', '1', '2', '3', '3', '2', '1', '2', '3', '1', '2'] as const;
const RESULT_OF = { '1': 'HOME_WIN', '3': 'DRAW', '2': 'AWAY_WIN' } as const;
const SHARES_OF = {
  '1': 'Home win: 100%, draw: 0%, away win: 0%',
  '3': 'Home win: 0%, draw: 100%, away win: 0%',
  '2': 'Home win: 0%, draw: 0%, away win: 100%',
} as const;

const cents = (m: number) => Math.round(m * 100);

/** The operator's status line after an action (the notice is replaced by each action). */
const notice = (page: Page) => page.locator('.admin-notice-sticky');
const card = (page: Page) => page.locator('li.admin-card').filter({ hasText: SID });

const pick = (page: Page, index: number, digit: '1' | '2' | '3') =>
  page
    .locator('li.match')
    .nth(index)
    .locator('button.pick')
    .nth(digit === '1' ? 0 : digit === '3' ? 1 : 2);

describe('operator flow', () => {
  let operator: BrowserContext;
  let subscriber: BrowserContext;
  let admin: Page;
  let phone: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    operator = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: { width: 1280, height: 800 },
    });
    subscriber = await e2e.phone();
    admin = await operator.newPage();
    phone = await subscriber.newPage();
    for (const p of [admin, phone]) p.on('pageerror', (e) => errors.push(e.message));
  });

  afterAll(async () => {
    await operator?.close();
    await subscriber?.close();
  });

  it('creates, plays, settles and pays a betslip that the subscriber then sees as won', async () => {
    const api = apiAs(phone);
    // The betslip itself comes from the API with the operator's token, as an integration would send it
    // (building one in the form is round-flow.test.ts's), ending two minutes from now.
    await signIn(admin, 'admin', 'admin1234');
    await admin.getByTestId('lang-en').click();
    await admin.goto('/admin');
    await admin.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
    const example = JSON.parse(readFileSync(join(root, 'server/ops/example-betslip.json'), 'utf8')) as object;
    const endsAt = new Date(Date.now() + 2 * 60_000);
    const token = await admin.evaluate(() => localStorage.getItem('token'));
    const created = await fetch(`${e2e.server.url}/api/admin/betslips`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...example, sid: SID, endDate: endsAt.toISOString() }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => card(admin).locator('.admin-status').getAttribute('data-status'), WAIT)
      .toBe('DRAFT');

    // Publishing says what will happen first: the demo round is still open, so this one waits.
    await card(admin).getByRole('button', { name: 'Publish' }).click();
    const plan = admin.getByRole('group', { name: `Publish ${SID}?` });
    expect(await plan.textContent()).toMatch(/is still open until .*waits \(scheduled\)/);
    await plan.getByRole('button', { name: 'Confirm publish' }).click();
    await expect
      .poll(() => notice(admin).textContent(), WAIT)
      .toBe(`Betslip ${SID} scheduled: it goes live when the current round ends.`);
    await expect
      .poll(() => card(admin).locator('.admin-status').getAttribute('data-status'), WAIT)
      .toBe('SCHEDULED');
    expect(await card(admin).getByRole('button', { name: 'Publish' }).count()).toBe(0);

    // The demo round ends: the scheduled one goes live.
    const demoEnded = await fetch(`${e2e.server.url}/dev/close-current-betslip`, { method: 'POST' });
    expect((await demoEnded.json()).sid).not.toBe(SID);
    await admin.reload();
    await expect
      .poll(() => card(admin).locator('.admin-status').getAttribute('data-status'), WAIT)
      .toBe('CURRENT');

    // The subscriber plays it: 14 singles, paid from the wallet.
    await signIn(phone);
    await phone.getByTestId('lang-en').click();
    await phone.locator('li.match').nth(13).waitFor();
    const current = await api.get<{ sid: string; matches: { homeTeam: string }[] }>('fetch-current-betslip');
    expect(current.sid).toBe(SID);
    expect(await phone.locator('li.match').first().textContent()).toContain(current.matches[0]?.homeTeam);
    const prizes = await api.get<{ prizeType: number; amount: number }[]>('fetch-current-prizes');
    const jackpot = prizes.find((p) => p.prizeType === 14)?.amount ?? 0;
    expect(jackpot).toBeGreaterThan(0);
    const beforePlay = await api.get<Wallet>('fetch-wallet-info');
    for (const [i, digit] of PICKS.entries()) await pick(phone, i, digit).click();
    await phone.locator('.btn-submit').click();
    await expect
      .poll(() => phone.locator('.popover').textContent(), { timeout: 10_000 })
      .toMatch(/accepted|Good luck/i);
    const afterPlay = await api.get<Wallet>('fetch-wallet-info');
    expect(cents(afterPlay.totalAvailableAmount)).toBeLessThan(cents(beforePlay.totalAvailableAmount));
    const walletButton = phone.getByTestId('wallet-button');
    await expect
      .poll(() => walletButton.textContent(), WAIT)
      .toBe(`M ${money(afterPlay.totalAvailableAmount)}`);

    // Too early: no results yet, and the operator is told so in words (the preview comes first).
    await admin.reload();
    await card(admin).waitFor();
    expect(await card(admin).locator('.admin-status').getAttribute('data-status')).toBe('CURRENT');
    await card(admin).getByRole('button', { name: 'Settle' }).click();
    await expect
      .poll(() => admin.getByRole('alert').textContent(), WAIT)
      .toBe('Every match needs a result before the betslip can be settled.');

    // The close, brought forward (demo only) instead of waiting two minutes; its matches played.
    const closed = await fetch(`${e2e.server.url}/dev/close-current-betslip?played=1`, { method: 'POST' });
    expect(await closed.json()).toEqual({ sid: SID });

    // The operator enters the 14 results the subscriber picked, in one form, saved at once.
    await admin.reload();
    await card(admin).getByRole('button', { name: 'Enter results' }).click();
    const results = admin.getByRole('list', { name: `Results of ${SID}` });
    for (const [i, digit] of PICKS.entries()) {
      await results.locator(`#result-${SID}-${i + 1}`).selectOption(RESULT_OF[digit]);
    }
    await card(admin).getByRole('button', { name: 'Save results' }).click();
    await expect.poll(() => notice(admin).textContent(), WAIT).toBe('Results saved: 14 changed.');

    // While results come in, the open slip counts what is right so far.
    const pending = (await api.post<PastSlip[]>(`fetch-past-submitted-betslips?msisdn=${SUBSCRIBER}`))[0];
    expect(pending).toMatchObject({ sid: SID, betSlipClosed: false, won: false, correctCount: 14 });
    await phone.goto('/results');
    const pendingSlip = phone.locator('ul.slips > li').first();
    await pendingSlip.waitFor();
    expect(await pendingSlip.getAttribute('class')).toContain('slip-pending');
    expect(await pendingSlip.textContent()).toContain('14 of 14 correct so far');

    await admin.reload();
    await card(admin).waitFor();
    await card(admin).getByRole('button', { name: 'Settle' }).click();
    const preview = admin.getByRole('group', { name: `Settle ${SID}?` });
    await expect
      .poll(() => preview.locator('.admin-total').textContent(), WAIT)
      .toBe(`Total to pay: M ${money(jackpot)}`);
    await preview.getByRole('button', { name: 'Confirm settle' }).click();
    await expect
      .poll(() => notice(admin).textContent(), WAIT)
      .toBe(`Betslip ${SID} settled. Winners: 1. Paid: M ${money(jackpot)}.`);
    await expect
      .poll(() => card(admin).locator('.admin-status').getAttribute('data-status'), WAIT)
      .toBe('SETTLED');
    // Nothing more to do on a settled round.
    expect(await card(admin).getByRole('button').count()).toBe(0);
    await shot(admin, 'admin-1280');
    await admin.setViewportSize({ width: 360, height: 740 });
    await shot(admin, 'admin-360');

    // The server's answer: won the jackpot, the whole pool (the only submission on the betslip).
    const [slip] = await api.post<PastSlip[]>(`fetch-past-submitted-betslips?msisdn=${SUBSCRIBER}`);
    expect(slip).toMatchObject({
      sid: SID,
      won: true,
      betSlipClosed: true,
      subscriberId: SUBSCRIBER,
      prizeWon: 'JACKPOT',
      correctCount: 14,
    });
    expect(cents(slip!.amountWon)).toBe(cents(jackpot));
    expect(slip!.statistics?.tiers.find((t) => t.prizeType === 14)).toEqual({
      prizeType: 14,
      winners: 1,
      amountEach: jackpot,
    });

    // The subscriber's results screen: the slip coloured won with 'M. amount'.
    await phone.goto('/results');
    const won = phone.locator('ul.slips > li').first();
    await won.waitFor();
    expect(await won.getAttribute('class')).toContain('slip-won');
    const head = won.locator('button.slip-head');
    // The card leads with its round, not the subscriber's own number.
    expect(await head.textContent()).toContain(`Round ${SID}`);
    expect(await head.textContent()).not.toContain(SUBSCRIBER);
    expect(await won.locator('.slip-amount').textContent()).toBe(`M. ${money(slip!.amountWon)}`);
    expect(await phone.locator('canvas.confetti-canvas').count()).toBe(0);

    // First opening: the gold burst on a canvas, gone again after about 1.5 s (timed in the page, so a busy
    // test machine does not blur it), and the banner.
    await phone.evaluate(() => {
      const times: { added?: number; removed?: number } = {};
      (window as unknown as { confettiTimes: typeof times }).confettiTimes = times;
      new MutationObserver((records) => {
        for (const r of records) {
          const isConfetti = (n: Node) =>
            n instanceof HTMLCanvasElement && n.classList.contains('confetti-canvas');
          if ([...r.addedNodes].some(isConfetti)) times.added = performance.now();
          if ([...r.removedNodes].some(isConfetti)) times.removed = performance.now();
        }
      }).observe(document.body, { childList: true });
    });
    await head.click();
    const canvas = phone.locator('canvas.confetti-canvas');
    await canvas.waitFor({ state: 'attached', timeout: 5000 });
    await canvas.waitFor({ state: 'detached', timeout: 5000 });
    const times = await phone.evaluate(
      () => (window as unknown as { confettiTimes: { added?: number; removed?: number } }).confettiTimes,
    );
    const lasted = (times.removed ?? 0) - (times.added ?? 0);
    expect(lasted).toBeGreaterThanOrEqual(1400);
    expect(lasted).toBeLessThan(2500);
    expect(await won.locator('.congrats').textContent()).toBe(
      `Congratulations! You won the Jackpot: M. ${money(slip!.amountWon)}.`,
    );

    // How everyone played: the only slip on this betslip, so each match's share is all on its pick.
    const shares = await won
      .locator('.slip-stats .share-track')
      .evaluateAll((tracks) => tracks.map((t) => t.getAttribute('aria-label')));
    expect(shares).toEqual(PICKS.map((d) => SHARES_OF[d]));
    const jackpotRow = won.locator('.tiers-table tbody tr').first();
    expect(await jackpotRow.locator('td').allTextContents()).toEqual(['14', '1', `M. ${money(jackpot)}`]);
    await shot(phone, 'results-won-360');

    // Closing and opening again: no second burst.
    await head.click();
    await head.click();
    await phone.waitForTimeout(300);
    expect(await canvas.count()).toBe(0);

    // The wallet grew by exactly the prize, with a new prize move; the header shows it too.
    const afterWin = await api.get<Wallet>('fetch-wallet-info');
    expect(cents(afterWin.totalAvailableAmount) - cents(afterPlay.totalAvailableAmount)).toBe(
      cents(slip!.amountWon),
    );
    const prizeMoves = (w: Wallet) => w.walletMovesDto.filter((m) => /PRIZE/.test(m.reason));
    expect(prizeMoves(afterWin)).toHaveLength(prizeMoves(afterPlay).length + 1);
    expect(prizeMoves(afterWin).some((m) => cents(m.amount) === cents(slip!.amountWon))).toBe(true);
    await phone.reload();
    await expect
      .poll(() => walletButton.textContent(), WAIT)
      .toBe(`M ${money(afterWin.totalAvailableAmount)}`);

    // The same screen on a wide screen, the slip open again.
    await phone.setViewportSize({ width: 1280, height: 800 });
    await phone.locator('ul.slips > li').first().locator('button.slip-head').click();
    await phone.locator('ul.slips > li').first().locator('.slip-stats').waitFor();
    await phone.locator('canvas.confetti-canvas').waitFor({ state: 'detached', timeout: 5000 });
    await shot(phone, 'results-won-1280');

    // A subscriber who goes to /admin lands on /play.
    await phone.goto('/admin');
    await phone.waitForURL('**/play');
    expect(errors).toEqual([]);
  });

  it('shows the official results to anyone signed out, and how to play', async () => {
    const visitor = await e2e.phone();
    try {
      const page = await visitor.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/login');
      await page.getByTestId('lang-en').click();
      await page.getByRole('link', { name: 'Past results' }).first().click();
      await page.waitForURL('**/rounds');
      const round = page.locator('li.public-round').filter({ hasText: SID });
      await round.waitFor();
      expect(await round.locator('.public-matches li').count()).toBe(14);
      const jackpotRow = round.locator('.public-tiers tbody tr').first();
      expect(await jackpotRow.locator('td').nth(0).textContent()).toBe('14');
      expect(await jackpotRow.locator('td').nth(1).textContent()).toBe('1');
      expect(await page.content()).not.toContain(SUBSCRIBER);
      await shot(page, 'rounds-360');
      await page.getByRole('link', { name: 'How to play' }).first().click();
      await page.getByRole('heading', { name: 'How to play', level: 1 }).waitFor();
      // In Sesotho, chosen on the sign-in screen.
      await page.goto('/login');
      await page.getByTestId('lang-st').click();
      await page.getByRole('link', { name: 'Mokhoa oa ho bapala' }).first().click();
      await page.getByRole('heading', { name: 'Mokhoa oa ho bapala', level: 1 }).waitFor();
      await shot(page, 'how-to-play-st-360');
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
