// The operator screen against msw: only ROLE_ADMIN gets in (others go to /play), it lists betslips,
// builds one in the form (no JSON), publishes after saying what will happen (scheduled behind the open
// round), saves the results grid in one call, previews the settlement then settles, and shows the server's
// refusals translated.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, renderApp, storeSession } from './helpers';
import { server } from './msw';

const ADMIN = `${API}/admin`;

const LIST = [
  { sid: 'J14-0043', status: 'DRAFT', endDate: '2030-05-11 12:00', matches: [] },
  {
    sid: 'J14-0042',
    status: 'CURRENT',
    endDate: '2030-05-04 12:00',
    endsAt: '2030-05-04T10:00:00.000Z',
    matches: Array.from({ length: 14 }, (_, i) => ({
      position: i + 1,
      tournament: 'League',
      homeTeam: `Home ${i + 1}`,
      awayTeam: `Away ${i + 1}`,
      // The last match has not kicked off yet: its result cannot be entered.
      startsAt: i === 13 ? '2099-01-01T00:00:00.000Z' : '2020-01-01T00:00:00.000Z',
      result: i === 0 ? 'DRAW' : null,
    })),
  },
  { sid: 'J14-0041', status: 'SETTLED', endDate: '2030-04-27 12:00', matches: [] },
];

const PREVIEW = {
  settlementRule: 'ROWS',
  tiers: [
    { prizeType: 14, winners: 0, amountEach: 0, pool: 1000 },
    { prizeType: 13, winners: 3, amountEach: 2500, pool: 7500 },
  ],
  totalPayout: 7500,
  rollover: 1000,
};

const REPORTS = [
  {
    sid: 'J14-0042',
    status: 'SETTLED',
    entries: 10,
    rows: 25,
    players: 4,
    turnover: 20,
    paidFromWallet: 15,
    paidByAirtime: 5,
    prizesPaid: 10,
    payoutRatio: 0.5,
  },
  {
    sid: 'J14-0041',
    status: 'SETTLED',
    entries: 6,
    rows: 6,
    players: 3,
    turnover: 12,
    paidFromWallet: 12,
    paidByAirtime: 0,
    prizesPaid: 0,
    payoutRatio: 0,
  },
];

/** A betslip's card in the list (its sid also appears in the copy menu and the reports). */
const cardOf = (sid: string) =>
  screen
    .getAllByText(sid)
    .find((el) => el.tagName === 'STRONG')!
    .closest('li')!;

interface Call {
  method: string;
  path: string;
  /** The query string, without its '?'. */
  query: string;
  body: unknown;
}

/** The audit trail the fake server filters (two actions on two targets). */
const AUDIT = [
  {
    id: 9,
    at: '2030-05-04T10:00:00.000Z',
    actor: 'admin',
    action: 'WALLET.READ',
    target: '26650000001',
    detail: { balanceCents: 105400, moves: 3 },
  },
  {
    id: 8,
    at: '2030-05-04T09:00:00.000Z',
    actor: 'admin',
    action: 'BETSLIP.PUBLISH',
    target: 'J14-0042',
    detail: {},
  },
];

function adminApi(
  settle: () => Response = () => HttpResponse.json({ settled: true, winners: 3, paid: 7500 }),
) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      query: new URL(request.url).search.slice(1),
      body: text ? JSON.parse(text) : null,
    });
  };
  server.use(
    http.get(`${ADMIN}/betslips`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(LIST);
    }),
    http.post(`${ADMIN}/betslips`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ sid: 'J14-0043' }, { status: 201 });
    }),
    http.post(`${ADMIN}/betslips/:sid/publish`, async ({ request, params }) => {
      await record(request);
      return HttpResponse.json({
        sid: params.sid,
        status: 'SCHEDULED',
        after: 'J14-0042',
        goLiveAt: null,
        closed: null,
      });
    }),
    http.post(`${ADMIN}/betslips/:sid/results`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ sid: 'J14-0042', results: [], changed: 1 });
    }),
    http.get(`${ADMIN}/betslips/:sid/settlement-preview`, async ({ request }) => {
      await record(request);
      return settle().status === 200 ? HttpResponse.json(PREVIEW) : settle();
    }),
    http.get(`${ADMIN}/reports/rounds`, () => HttpResponse.json(REPORTS)),
    http.get(`${ADMIN}/reports/summary`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        walletLiabilities: 1234.5,
        pendingCashOuts: 20,
        pendingDeposits: 0,
        playersLast7Days: 7,
      });
    }),
    // Answers as the server does: only the rows that match every filter given in the query.
    http.get(`${ADMIN}/audit`, async ({ request }) => {
      await record(request);
      const query = new URL(request.url).searchParams;
      const matches = (row: (typeof AUDIT)[number]) =>
        (['actor', 'action', 'target'] as const).every((k) => !query.get(k) || row[k] === query.get(k));
      return HttpResponse.json(AUDIT.filter(matches));
    }),
    http.post(`${ADMIN}/betslips/:sid/settle`, async ({ request }) => {
      await record(request);
      return settle();
    }),
  );
  return calls;
}

describe('operator screen', () => {
  it.each([
    [['commxp-user'], '/play'],
    [['ROLE_CALL_CENTER'], '/support'],
    [['ROLE_MARKETING'], '/marketing'],
  ])(
    'sends %j from /admin to their own screen (%s) without asking the admin screen’s API',
    async (roles, home) => {
      const calls = adminApi();
      localStorage.setItem('lang', 'en');
      storeSession({ roles });
      const { path } = await renderApp('/admin');
      await waitFor(() => expect(path()).toBe(home));
      expect(screen.queryByRole('heading', { name: 'Operations' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Operations' })).toBeNull();
      expect(calls.filter((c) => /\/(betslips|reports|audit|deposits)/.test(c.path))).toEqual([]);
    },
  );

  it('sends a visitor to /login', async () => {
    const { path } = await renderApp('/admin');
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('lets an operator create, publish, enter a result and settle', async () => {
    const calls = adminApi();
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/admin');
    await screen.findByRole('heading', { name: 'Operations' }, { timeout: 15000 });
    expect(screen.getByRole('link', { name: 'Operations' })).toHaveAttribute('href', '/admin');
    await screen.findAllByText('J14-0042', undefined, { timeout: 15000 });
    // Status and dates in the operator's words and format, not the server's codes and ISO.
    expect(screen.getByText('Open')).toHaveAttribute('data-status', 'CURRENT');
    expect(screen.getByText('Ends 04/05/2030 12:00')).toBeInTheDocument();
    expect(screen.queryByText('CURRENT')).toBeNull();

    // A round built in the form (a past one copied, its kick-offs moved into the future), no JSON typed.
    await user.selectOptions(screen.getByLabelText('Copy a past round (a week later)'), 'J14-0042');
    const year = new Date().getFullYear() + 1;
    for (let i = 1; i <= 14; i++) {
      fireEvent.change(screen.getByLabelText(`Kick-off of match ${i} (Maseru time)`), {
        target: { value: `${year}-01-0${1 + (i % 5)}T15:00` },
      });
    }
    await user.click(screen.getByRole('button', { name: 'Create the round' }));
    expect(await screen.findByText('Betslip J14-0043 created as a draft.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/admin/betslips')?.body as {
      endDate: string;
      matches: { homeTeam: string }[];
    };
    expect(sent.matches).toHaveLength(14);
    expect(sent.matches[1]?.homeTeam).toBe('Home 2');
    // The round closes at its first kick-off (1 January, 15:00 Maseru = 13:00 UTC).
    expect(sent.endDate).toBe(`${year}-01-01T13:00:00.000Z`);

    // Each betslip offers only what its status allows: a draft is published, a published one settled,
    // a settled one nothing.
    const draft = within(cardOf('J14-0043'));
    const current = within(cardOf('J14-0042'));
    const settled = within(cardOf('J14-0041'));
    expect(draft.queryByRole('button', { name: 'Settle' })).toBeNull();
    expect(draft.queryByRole('button', { name: 'Enter results' })).toBeNull();
    expect(current.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(settled.queryAllByRole('button')).toEqual([]);

    // Publishing says first what will happen: J14-0042 is still open, so the draft waits.
    await user.click(draft.getByRole('button', { name: 'Publish' }));
    const plan = screen.getByRole('group', { name: 'Publish J14-0043?' });
    expect(plan).toHaveTextContent('Round J14-0042 is still open until 04/05/2030 12:00');
    expect(calls.filter((c) => c.path.endsWith('/publish'))).toEqual([]);
    await user.click(within(plan).getByRole('button', { name: 'Confirm publish' }));
    expect(
      await screen.findByText('Betslip J14-0043 scheduled: it goes live when the current round ends.'),
    ).toBeInTheDocument();

    // The results grid: 14 choices, the one not kicked off disabled, one save for all.
    await user.click(current.getByRole('button', { name: 'Enter results' }));
    const results = screen.getByRole('list', { name: 'Results of J14-0042' });
    expect(within(results).getAllByRole('combobox')).toHaveLength(14);
    expect(within(results).getByLabelText('1. Home 1 – Away 1')).toHaveValue('DRAW');
    expect(within(results).getByLabelText('14. Home 14 – Away 14')).toBeDisabled();
    await user.selectOptions(within(results).getByLabelText('2. Home 2 – Away 2'), 'Void');
    await user.selectOptions(within(results).getByLabelText('3. Home 3 – Away 3'), 'Away win');
    await user.click(screen.getByRole('button', { name: 'Save results' }));
    expect(await screen.findByText('Results saved: 1 changed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/results'))).toEqual([
      {
        method: 'POST',
        path: '/api/admin/betslips/J14-0042/results',
        query: '',
        body: {
          results: [
            { position: 1, result: 'DRAW' },
            { position: 2, result: 'VOID' },
            { position: 3, result: 'AWAY_WIN' },
          ],
        },
      },
    ]);

    // Settling shows the preview first, and settles only once confirmed.
    await user.click(current.getByRole('button', { name: 'Settle' }));
    const preview = await screen.findByRole('group', { name: 'Settle J14-0042?' });
    expect(preview).toHaveTextContent('Total to pay: M 7,500.00');
    // A round settled by rows counts winning rows per tier.
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correct', 'Winning rows', 'Each', 'Pool']);
    expect(preview).toHaveTextContent('Jackpot rolled over to the next round: M 1,000.00');
    expect(calls.filter((c) => c.path.endsWith('/settle'))).toEqual([]);
    const summaryReads = () => calls.filter((c) => c.path.endsWith('/reports/summary')).length;
    const readBefore = summaryReads();
    await user.click(within(preview).getByRole('button', { name: 'Confirm settle' }));
    expect(
      await screen.findByText('Betslip J14-0042 settled. Winners: 3. Paid: M 7,500.00.'),
    ).toBeInTheDocument();
    // Wallet liabilities and the rest are read again after the settlement, not left stale until a reload.
    await waitFor(() => expect(summaryReads()).toBeGreaterThan(readBefore));
  });

  it('shows the reports with their chart, and the audit log filtered', async () => {
    const calls = adminApi();
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/admin');
    const reports = within(await screen.findByRole('region', { name: 'Reports' }, { timeout: 15000 }));
    expect(await reports.findByText('M 1,234.50')).toBeInTheDocument();
    const rows = reports.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['J14-0042 · Settled', '10', '25', '4', 'M 20.00', 'M 15.00', 'M 5.00', 'M 10.00', '50%']);
    const chart = reports.getByRole('img', { name: 'Turnover and players per round' });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(chart.querySelectorAll('circle')).toHaveLength(2);

    const audit = within(screen.getByRole('region', { name: 'Audit log' }));
    await user.type(audit.getByLabelText('Subscriber or betslip'), '26650000001');
    await user.type(audit.getByLabelText('Action'), 'WALLET.READ');
    await user.click(audit.getByRole('button', { name: 'Show' }));
    // In words, not codes; amounts in M, not JSON in cents.
    expect(await audit.findByText("Read a subscriber's wallet")).toHaveAttribute('title', 'WALLET.READ');
    expect(audit.queryByText('Published a round')).not.toBeInTheDocument();
    expect(audit.getByText('M 1,054.00')).toBeInTheDocument();
    expect(audit.getByText('balance')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Audit log' }).textContent).not.toContain('{');
    expect(calls.filter((c) => c.path === '/api/admin/audit').map((c) => c.query)).toEqual([
      'action=WALLET.READ&target=26650000001',
    ]);
  });

  it('checks a built round with the server rules before sending it', async () => {
    const calls = adminApi();
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/admin');
    await screen.findAllByText('J14-0042', undefined, { timeout: 15000 });
    const create = screen.getByRole('button', { name: 'Create the round' });
    await user.click(create);
    expect(screen.getByText('Every match needs a kick-off.')).toBeInTheDocument();
    // A past round copied a week later: its kick-offs (and so its default close) are still in the past.
    await user.selectOptions(screen.getByLabelText('Copy a past round (a week later)'), 'J14-0042');
    expect(screen.getByLabelText('Home team of match 2')).toHaveValue('Home 2');
    // The inputs stop where the server's schema does (machines/wire/admin.ts).
    expect(screen.getByLabelText('Away team of match 3')).toHaveAttribute('maxLength', '60');
    expect(screen.getByLabelText('Tournament of match 3')).toHaveAttribute('maxLength', '80');
    expect(
      within(screen.getByRole('region', { name: 'Preview of the betslip' })).getAllByRole('listitem'),
    ).toHaveLength(14);
    await user.click(create);
    expect(screen.getByText('The closing time must be in the future.')).toBeInTheDocument();
    // A team playing itself is refused too, once the dates are right.
    for (let i = 1; i <= 14; i++) {
      fireEvent.change(screen.getByLabelText(`Kick-off of match ${i} (Maseru time)`), {
        target: { value: `${new Date().getFullYear() + 1}-01-0${1 + (i % 5)}T15:00` },
      });
    }
    const away = screen.getByLabelText('Away team of match 1');
    await user.clear(away);
    await user.type(away, 'home 1');
    await user.click(create);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['A team cannot play itself.']);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/betslips')).toEqual([]);
  });

  it('shows a refusal translated', async () => {
    adminApi(() =>
      HttpResponse.json(
        { statusCode: 409, error: 'Conflict', messageKey: 'BETSLIP.RESULTS_MISSING', message: 'missing' },
        { status: 409 },
      ),
    );
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/admin');
    await screen.findAllByText('J14-0042', undefined, { timeout: 15000 });
    await user.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Every match needs a result before the betslip can be settled.',
    );
  });
});
