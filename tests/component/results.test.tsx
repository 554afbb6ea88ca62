// The Results screen against msw: won/lost/pending slips with their labels and amounts, the result and
// time filters, paging at 8, the once-only gold confetti (canvas-confetti mocked), table versus compact
// bets by width, statistics of a closed slip, and the translated empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWireDate } from '../../machines/rules/maseruTime';
import { resetServerClock } from '../../src/api/clock';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { HISTORY, PAST_URL, pastBetslips, slipFixture } from './resultsHandlers';

const confetti = vi.hoisted(() => {
  const fire = Object.assign(
    vi.fn(() => Promise.resolve()),
    { reset: vi.fn() },
  );
  return { fire, create: vi.fn(() => fire) };
});
vi.mock('canvas-confetti', () => ({ default: { create: confetti.create } }));

/** matchMedia answering the 1000 px query as `wide` (jsdom has none). */
function setWidth(wide: boolean, reducedMotion = false) {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('min-width: 1000px') ? wide : query.includes('reduce') ? reducedMotion : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

async function openResults(lang = 'en', path = '/results') {
  localStorage.setItem('lang', lang);
  storeSession();
  const view = await renderApp(path);
  // The first render waits for the lazy screen's chunk, slow on a busy test machine.
  await screen.findByRole('heading', { name: lang === 'en' ? 'Results' : /./, level: 1 }, { timeout: 5000 });
  return view;
}

const slipList = () => screen.getByRole('list', { name: /^(Past betslips|Li-betslip tsa pele)$/ });
const slipHeads = () => [...slipList().querySelectorAll(':scope > li > button.slip-head')] as HTMLElement[];

beforeEach(() => {
  setWidth(false);
  confetti.create.mockClear();
  confetti.fire.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  resetServerClock();
});

describe('results screen', () => {
  it('asks for the signed-in subscriber’s slips with an empty body and shows won, lost and pending', async () => {
    const asked: { msisdn: string | null; body: string }[] = [];
    server.use(
      http.post(PAST_URL, async ({ request }) => {
        asked.push({ msisdn: new URL(request.url).searchParams.get('msisdn'), body: await request.text() });
        return HttpResponse.json(HISTORY);
      }),
    );
    await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    expect(asked).toEqual([{ msisdn: '26650000001', body: '{}' }]);
    const [pending, won, lost] = slipHeads() as [HTMLElement, HTMLElement, HTMLElement];
    expect(pending).toHaveTextContent('Awaiting results');
    expect(pending).toHaveTextContent('4 of 14 correct so far');
    expect(pending).not.toHaveTextContent('M.');
    expect(won).toHaveTextContent('Won');
    expect(won).toHaveTextContent('Round J14-WON');
    expect(won).not.toHaveTextContent('26650000001');
    expect(won).toHaveTextContent('M. 2,500.50');
    expect(won.closest('li')).toHaveClass('slip-won');
    expect(lost).toHaveTextContent('Not won');
    expect(lost).not.toHaveTextContent('M.');
    expect(lost.closest('li')).toHaveClass('slip-lost');
    expect(pending.closest('li')).toHaveClass('slip-pending');
  });

  it('pages 8 at a time and filters by result and by time', async () => {
    server.use(pastBetslips());
    const { user } = await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(slipHeads()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(screen.getByLabelText('Result'), 'Won');
    expect(slipHeads()).toHaveLength(1);
    expect(slipHeads()[0]).toHaveTextContent('M. 2,500.50');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Result'), 'Not Won');
    expect(slipHeads()).toHaveLength(8);
    expect(slipHeads().some((h) => h.textContent?.includes('M. 2,500.50'))).toBe(false);

    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 7 days');
    expect(slipHeads().map((h) => h.textContent)).toEqual([
      expect.stringContaining('Awaiting results'),
      expect.stringContaining('Not won'),
    ]);

    await user.selectOptions(screen.getByLabelText('Result'), 'All');
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last hour');
    expect(screen.getByText('No betslips match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select By Result' })).toBeInTheDocument();
  });

  it('celebrates a won slip with gold confetti on its first opening only, and the prize in title case', async () => {
    server.use(pastBetslips());
    const { user } = await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    const won = slipHeads()[1]!;
    await user.click(won);
    expect(won).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Congratulations! You won the Second Prize: M. 2,500.50.')).toBeInTheDocument();
    // The slip's receipt reference (a slip from an older answer without one shows none).
    expect(screen.getByText('J14-WON-7F3K2Q').closest('p')).toHaveTextContent('Reference J14-WON-7F3K2Q');
    await waitFor(() => expect(confetti.fire).toHaveBeenCalledTimes(1));
    const options = (confetti.fire.mock.calls[0] as unknown as [{ colors: string[] }])[0];
    expect(options.colors).toContain('#f5c518');
    // The canvas goes away after 1.5 s.
    const canvas = document.querySelector('canvas.confetti-canvas');
    expect(canvas).not.toBeNull();
    await waitFor(() => expect(document.querySelector('canvas.confetti-canvas')).toBeNull(), {
      timeout: 2500,
    });
    expect(confetti.fire.reset).toHaveBeenCalled();

    await user.click(won);
    await user.click(won);
    expect(screen.getByText(/Congratulations!/)).toBeInTheDocument();
    // Opening a lost slip fires nothing either.
    await user.click(slipHeads()[2]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(confetti.fire).toHaveBeenCalledTimes(1);
    expect(confetti.create).toHaveBeenCalledTimes(1);
  });

  it('plays no confetti for someone who asked for reduced motion', async () => {
    setWidth(false, true);
    server.use(pastBetslips());
    const { user } = await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    await user.click(slipHeads()[1]!);
    expect(screen.getByText(/Congratulations!/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(confetti.fire).not.toHaveBeenCalled();
  });

  it('shows a wide table of placed bets from 1000 px, with ticks, labels and statistics once closed', async () => {
    setWidth(true);
    server.use(pastBetslips());
    const { user } = await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    await user.click(slipHeads()[1]!);
    const table = screen.getByRole('table', { name: 'Placed bets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      '#',
      'Pick',
      'Result',
      'Won',
      'Tournament',
      'Home team',
      'Away team',
      'Match date',
      'Bet date',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    const cells = (n: number) =>
      within(rows[n]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(0).slice(0, 3)).toEqual(['1', 'HOME', 'HOME']);
    expect(within(rows[0]!).getByRole('img', { name: 'Correct' })).toBeInTheDocument();
    expect(cells(1).slice(0, 2)).toEqual(['2', 'AWAY']);
    expect(within(rows[1]!).getByRole('img', { name: 'Wrong' })).toBeInTheDocument();
    expect(cells(3)[1]).toBe('HOME, AWAY');
    expect(cells(6)[1]).toBe('ANY');
    // VOID is not in the mapping table: N/A.
    expect(cells(13)[2]).toBe('N/A');
    // A long team name is broken with a hyphen.
    expect(cells(0)[5]).toContain('- ');
    expect(screen.queryByRole('list', { name: 'Placed bets' })).toBeNull();

    const stats = screen.getByRole('region', { name: 'How everyone played' });
    expect(
      within(stats).getAllByRole('img', { name: 'Home win: 50%, draw: 25%, away win: 25%' }),
    ).toHaveLength(14);
    const tiers = within(stats).getByRole('table', { name: 'Prize tiers' });
    expect(
      within(tiers)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['140M. 0.00', '132M. 2,500.50', '129M. 277.77']);
  });

  it('shows a compact list below 1000 px whose rows expand, and N/A instead of ticks while open', async () => {
    server.use(pastBetslips());
    const { user } = await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    await user.click(slipHeads()[0]!);
    expect(screen.queryByRole('table', { name: 'Placed bets' })).toBeNull();
    const list = screen.getByRole('list', { name: 'Placed bets' });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(14);
    // Slip still open: no tick or cross even where the bet is already known to be right.
    expect(within(list).queryByRole('img')).toBeNull();
    expect(rows[0]).toHaveTextContent('N/A');
    await user.click(rows[0]!);
    expect(rows[0]).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(rows[0]!.getAttribute('aria-controls')!)!;
    expect(details).toHaveTextContent('Vodacom Premier League');
    expect(details).toHaveTextContent(`Result${'HOME'}`);
    // No statistics while the slip is open.
    expect(screen.queryByRole('region', { name: 'How everyone played' })).toBeNull();
  });

  it('says so when there are no past betslips', async () => {
    server.use(pastBetslips([]));
    await openResults();
    expect(
      await screen.findByText('You have no past betslips yet. Your betslips show here once you have played.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/play');
  });

  it('shows a translated error with retry, and the list after retrying', async () => {
    let calls = 0;
    server.use(
      http.post(PAST_URL, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { statusCode: 403, error: 'Forbidden', messageKey: 'AUTH.FORBIDDEN', message: 'x' },
              { status: 403 },
            )
          : HttpResponse.json(HISTORY);
      }),
    );
    const { user } = await openResults('st');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ha u na tumello ea ho etsa sena.');
    await user.click(within(alert).getByRole('button', { name: 'Leka hape' }));
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    expect(calls).toBe(2);
  });

  it('keeps the filters and the page in the URL, so a reload and coming back show the same list', async () => {
    server.use(pastBetslips());
    const first = await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    await first.user.selectOptions(screen.getByLabelText('Result'), 'Not Won');
    await first.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(first.app.router.state.location.search).toEqual({ result: 'notWon', page: 2 }),
    );
    expect(slipHeads()).toHaveLength(1);
    // A new filter starts again on page 1.
    await first.user.selectOptions(screen.getByLabelText('Time range'), 'Last month');
    await waitFor(() =>
      expect(first.app.router.state.location.search).toEqual({ result: 'notWon', time: 'month' }),
    );
    const href = first.app.router.state.location.href;
    first.unmount();

    // Reload: the same URL opens the same filters and list.
    const reloaded = await openResults('en', href);
    await waitFor(() => expect(slipHeads()).toHaveLength(2));
    expect(screen.getByLabelText('Result')).toHaveValue('notWon');
    expect(screen.getByLabelText('Time range')).toHaveValue('month');

    // Away and back: the history entry kept them.
    await reloaded.app.router.navigate({ to: '/play' });
    await waitFor(() => expect(reloaded.path()).toBe('/play'));
    reloaded.history.back();
    await waitFor(() => expect(reloaded.path()).toBe('/results'));
    await waitFor(() => expect(slipHeads()).toHaveLength(2));
    expect(screen.getByLabelText('Result')).toHaveValue('notWon');
    expect(screen.getByLabelText('Time range')).toHaveValue('month');
  });

  it('opens a page from the URL, and ignores values it does not know', async () => {
    server.use(pastBetslips());
    const { app } = await openResults('en', '/results?page=2&result=maybe&time=%22forever%22');
    await waitFor(() => expect(slipHeads()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(app.router.state.matches.at(-1)?.search).toEqual({ page: 2, result: undefined, time: undefined });
    expect(screen.getByLabelText('Result')).toHaveValue('');
  });

  it("filters by time on the server's clock, not the phone's", async () => {
    // The phone's clock runs two days fast; the server stamps its answers with its own time.
    const serverNow = Date.now() - 2 * 86_400_000;
    const anHourAgo = slipFixture({
      sid: 'J14-RECENT',
      createdAt: formatWireDate(new Date(serverNow - 3_600_000)),
    });
    server.use(
      http.post(PAST_URL, () =>
        HttpResponse.json([anHourAgo], { headers: { Date: new Date(serverNow).toUTCString() } }),
      ),
    );
    const { user } = await openResults();
    await waitFor(() => expect(slipHeads()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 24 hours');
    expect(slipHeads()).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last hour');
    expect(screen.getByText('No betslips match these filters.')).toBeInTheDocument();
  });
});
