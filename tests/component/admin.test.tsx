// The operator screen against msw: only ROLE_ADMIN gets in (others go to /play), it lists betslips,
// creates one from the prefilled JSON, publishes, saves a match result, settles, and shows the server's
// refusals translated.
import { screen, waitFor, within } from '@testing-library/react';
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
    matches: Array.from({ length: 14 }, (_, i) => ({
      position: i + 1,
      homeTeam: `Home ${i + 1}`,
      awayTeam: `Away ${i + 1}`,
      result: i === 0 ? 'DRAW' : null,
    })),
  },
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function adminApi(
  settle: () => Response = () => HttpResponse.json({ settled: true, winners: 3, paidCents: 750000 }),
) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
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
    http.post(`${ADMIN}/betslips/:sid/publish`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
    http.post(`${ADMIN}/betslips/:sid/results`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
    http.post(`${ADMIN}/betslips/:sid/settle`, async ({ request }) => {
      await record(request);
      return settle();
    }),
  );
  return calls;
}

describe('operator screen', () => {
  it.each([[['commxp-user']], [['ROLE_CALL_CENTER']], [['ROLE_MARKETING']]])(
    'sends %j from /admin to /play without asking the admin API',
    async (roles) => {
      const calls = adminApi();
      localStorage.setItem('lang', 'en');
      storeSession({ roles });
      const { path } = await renderApp('/admin');
      await waitFor(() => expect(path()).toBe('/play'));
      expect(screen.queryByRole('heading', { name: 'Operations' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Operations' })).toBeNull();
      expect(calls).toEqual([]);
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
    await screen.findByRole('heading', { name: 'Operations' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Operations' })).toHaveAttribute('href', '/admin');
    await screen.findByText('J14-0042');
    expect(screen.getByText('CURRENT')).toBeInTheDocument();

    // The prefilled example is a valid 14-match betslip ending in the future.
    const json = screen.getByLabelText(/^Betslip \(JSON/) as HTMLTextAreaElement;
    const example = JSON.parse(json.value) as { endDate: string; matches: unknown[] };
    expect(example.matches).toHaveLength(14);
    expect(Date.parse(example.endDate)).toBeGreaterThan(Date.now() + 86_400_000);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Betslip J14-0043 created as a draft.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/betslips')?.body).toEqual(example);

    // Each betslip offers only what its status allows: a draft is published, a published one settled.
    const draft = within(screen.getByText('J14-0043').closest('li')!);
    const current = within(screen.getByText('J14-0042').closest('li')!);
    expect(draft.queryByRole('button', { name: 'Settle' })).toBeNull();
    expect(current.queryByRole('button', { name: 'Publish' })).toBeNull();
    await user.click(draft.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Betslip J14-0043 published.')).toBeInTheDocument();

    await user.click(current.getByRole('button', { name: 'Enter results' }));
    const results = screen.getByRole('list', { name: 'Results of J14-0042' });
    expect(within(results).getAllByRole('combobox')).toHaveLength(14);
    expect(within(results).getByLabelText('1. Home 1 – Away 1')).toHaveValue('DRAW');
    await user.selectOptions(within(results).getByLabelText('2. Home 2 – Away 2'), 'Void');
    await user.click(within(results).getByRole('button', { name: 'Save the result of match 2' }));
    expect(await screen.findByText('Result of match 2 saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/results'))).toEqual({
      method: 'POST',
      path: '/api/admin/betslips/J14-0042/results',
      body: { position: 2, result: 'VOID' },
    });

    await user.click(screen.getByRole('button', { name: 'Settle' }));
    expect(
      await screen.findByText('Betslip J14-0042 settled. Winners: 3. Paid: M 7,500.00.'),
    ).toBeInTheDocument();
  });

  it('shows a refusal translated and refuses broken JSON without sending it', async () => {
    const calls = adminApi(() =>
      HttpResponse.json(
        { statusCode: 409, error: 'Conflict', messageKey: 'BETSLIP.RESULTS_MISSING', message: 'missing' },
        { status: 409 },
      ),
    );
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/admin');
    await screen.findByText('J14-0042');
    await user.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Every match needs a result before the betslip can be settled.',
    );

    const json = screen.getByLabelText(/^Betslip \(JSON/);
    await user.clear(json);
    await user.type(json, 'not json');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('This is not valid JSON.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/betslips')).toEqual([]);
  });
});
