// Reduced systems and pick shares (issue 28) against msw answering as DESIGN.md "Systems and pick shares"
// says: choosing a system on /play (rows, price and guarantee shown, the payload carries systemId,
// the choice cleared when the picks stop fitting), reading a system slip's rows on /results and in
// "You have played this round" and its receipt, and the people's picks shown or hidden — in English
// and Sesotho.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadReceiptKey } from '../../server/play/receiptKey';
import { type ReceiptPayload, signReceipt } from '../../server/play/receipts';
import { resetPickShares } from '../../src/screens/play/pickShares';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { PLAY } from './playHandlers';
import { PAST_URL, slipFixture } from './resultsHandlers';

vi.mock('canvas-confetti', () => ({
  default: { create: () => Object.assign(() => Promise.resolve(), { reset: () => undefined }) },
}));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  resetPickShares();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const matchList = () => document.querySelector<HTMLOListElement>('ol.matches')!;
const cards = () => within(matchList()).getAllByRole('group');
/** The n-th (1-based) match's buttons: home, draw, away. */
const picks = (n: number) => within(cards()[n - 1]!).getAllByRole('button');
const submitButton = () => document.querySelector<HTMLButtonElement>('button.btn-submit')!;

async function openPlay(lang: 'en' | 'st') {
  localStorage.setItem('lang', lang);
  storeSession();
  const view = await renderApp('/play');
  await waitFor(() => expect(document.querySelectorAll('ol.matches > li')).toHaveLength(14), {
    timeout: 5000,
  });
  return view;
}

/** Six doubles (home or away) on matches 1–6 and a home win on the other eight: fits R-0-6-12. */
async function markSixDoubles(user: Awaited<ReturnType<typeof openPlay>>['user']) {
  for (let n = 1; n <= 14; n++) await user.click(picks(n)[0]!);
  for (let n = 1; n <= 6; n++) await user.click(picks(n)[2]!);
}

function captureSubmissions() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${PLAY}/submit-online-betslip`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({
        message: 'Your betslip has been accepted. Good luck!',
        messageKey: 'SUBMISSION.ACCEPTED',
        submissionId: 's-1',
        paidFrom: 'WALLET',
        amount: 24,
        receipt: { reference: 'J14-0042-SYS123', jws: 'a.b.c' },
      });
    }),
  );
  return sent;
}

describe('choosing a reduced system on /play', () => {
  it('offers the systems the marks fit with rows, price and guarantee, and sends the chosen systemId', async () => {
    const sent = captureSubmissions();
    const { user } = await openPlay('en');
    expect(screen.queryByTestId('system-picker')).not.toBeInTheDocument();
    await markSixDoubles(user);
    const picker = await screen.findByRole('group', { name: 'Play fewer rows?' });
    const full = within(picker).getByRole('radio', { name: /Full system/ });
    const system = within(picker).getByRole('radio', { name: /R-0-6-12/ });
    expect(full).toBeChecked();
    expect(full.closest('label')).toHaveTextContent('Full system 64 rows · M 128.00');
    expect(full).toHaveAccessibleDescription(
      '14 of 14 if your single picks are right and every result is among your picks',
    );
    expect(system.closest('label')).toHaveTextContent('R-0-6-12 12 rows · M 24.00');
    expect(system).toHaveAccessibleDescription(
      'At least 13 of 14 if your single picks are right and every result is among your picks',
    );
    expect(submitButton()).toHaveTextContent('Play · M 128.00');

    await user.click(system);
    expect(system).toBeChecked();
    expect(submitButton()).toHaveTextContent('Play · M 24.00');
    await user.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: 'Pay M 24.00 for this slip?' });
    expect(confirm).toHaveTextContent('Reduced system R-0-6-12: 12 of the 64 rows of your picks');
    expect(confirm).toHaveTextContent('M 128.00 × 12 ÷ 64 = M 24.00');
    await user.click(within(confirm).getByRole('button', { name: 'Play · M 24.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ betSlipSid: 'J14-0042', betSlipCost: 24, systemId: 'R-0-6-12' });
    // The slip is sent: the marks and the choice are gone, and no standing picks are offered for it.
    await waitFor(() => expect(screen.queryByTestId('system-picker')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /each round/i })).not.toBeInTheDocument();
  });

  it('clears the choice when the picks stop fitting it, and a full slip sends no systemId', async () => {
    const sent = captureSubmissions();
    const { user } = await openPlay('en');
    await markSixDoubles(user);
    await user.click(await screen.findByRole('radio', { name: /R-0-6-12/ }));
    expect(submitButton()).toHaveTextContent('M 24.00');
    await user.click(picks(1)[2]!); // match 1 back to a single: five doubles fit no system
    await waitFor(() => expect(screen.queryByTestId('system-picker')).not.toBeInTheDocument());
    expect(submitButton()).toHaveTextContent('Play · M 64.00');
    await user.click(picks(1)[2]!); // the sixth double again: offered, but not chosen any more
    expect(await screen.findByRole('radio', { name: /Full system/ })).toBeChecked();
    expect(submitButton()).toHaveTextContent('Play · M 128.00');
    await user.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: 'Pay M 128.00 for this slip?' });
    await user.click(within(confirm).getByRole('button', { name: 'Play · M 128.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('systemId');
    expect(sent[0]).toMatchObject({ betSlipCost: 128 });
  });

  it('says the rows, price and guarantee in Sesotho', async () => {
    const { user } = await openPlay('st');
    await markSixDoubles(user);
    const picker = await screen.findByRole('group', { name: 'Bapala mela e fokolang?' });
    const system = within(picker).getByRole('radio', { name: /R-0-6-12/ });
    expect(system.closest('label')).toHaveTextContent('R-0-6-12 mela e 12 · M 24.00');
    expect(system).toHaveAccessibleDescription(
      /^Bonyane 13 ho 14 haeba likhetho tsa hao tse le 'ngoe li nepile/,
    );
    expect(within(picker).getByRole('radio', { name: /Sistimi e felletseng/ })).toBeChecked();
  });
});

describe('reading a system slip', () => {
  const systemSlip = slipFixture({
    sid: 'J14-SYS',
    reference: 'J14-SYS-ABC123',
    daysAgo: 2,
    won: true,
    amountWon: 30,
    prizeWon: 'FIRST PRIZE',
    correctCount: 14,
    rows: 12,
    systemId: 'R-0-6-12',
    winningRows: [
      { prizeType: 14, count: 1, amountEach: 20 },
      { prizeType: 13, count: 2, amountEach: 5 },
    ],
  });
  const fullSlip = slipFixture({ sid: 'J14-FULL', daysAgo: 4, rows: 1, systemId: null, winningRows: [] });

  it.each([
    ['en', 'Results', '12 rows: 1 × 14, 2 × 13 · Reduced system R-0-6-12'],
    ['st', /./, 'Mela e 12: 1 × 14, 2 × 13 · Sistimi e fokotsitsoeng R-0-6-12'],
  ])('on /results (%s): its rows per tier and its system', async (lang, heading, words) => {
    server.use(http.post(PAST_URL, () => HttpResponse.json([systemSlip, fullSlip])));
    localStorage.setItem('lang', lang);
    storeSession();
    const { user } = await renderApp('/results');
    await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 });
    const heads = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLButtonElement>('button.slip-head')];
      expect(found).toHaveLength(2);
      return found;
    });
    for (const head of heads) await user.click(head);
    const rows = screen.getAllByTestId('slip-rows');
    expect(rows).toHaveLength(1); // the single-row slip says nothing about rows
    expect(rows[0]).toHaveTextContent(words);
  });

  it('in "You have played this round" and its receipt: rows and system', async () => {
    const key = loadReceiptKey({ receiptSigningKey: undefined, dataDir: 'memory://' });
    const payload = {
      ref: 'J14-0042-SYS123',
      sid: 'J14-0042',
      msisdn: '26650000001',
      predictions: [...Array(6).fill(12), ...Array(8).fill(1)],
      cost: 24,
      paidFrom: 'WALLET',
      at: '2026-03-02T08:05:00.000Z',
      systemId: 'R-0-6-12',
      rows: 12,
    };
    const jws = signReceipt(key, payload as ReceiptPayload);
    server.use(
      http.get(`${PLAY}/my-slips`, () =>
        HttpResponse.json([
          {
            reference: payload.ref,
            createdAt: payload.at,
            cost: 24,
            paidFrom: 'WALLET',
            channel: 'APP',
            predictions: payload.predictions,
            jws,
            rows: 12,
            systemId: 'R-0-6-12',
          },
        ]),
      ),
    );
    const { user } = await openPlay('en');
    const slip = await screen.findByRole('button', { name: /^Receipt J14-0042-SYS123/ });
    expect(slip).toHaveTextContent('12 rows · R-0-6-12');
    await user.click(slip);
    const sheet = await screen.findByRole('dialog', { name: 'Your receipt' });
    const fact = (label: string) => within(sheet).getByText(label).nextElementSibling?.textContent;
    expect(fact('System')).toBe('R-0-6-12');
    expect(fact('Rows')).toBe('12');
    expect(fact('Price')).toBe('M 24.00');
  });
});

describe('pick shares on /play', () => {
  const shares = {
    sid: 'J14-0042',
    rows: 1234,
    updatedAt: '2030-05-01T10:00:00Z',
    matches: Array.from({ length: 14 }, (_, i) => ({ position: i + 1, home: 45.5, draw: 30, away: 24.5 })),
  };

  it.each([
    ['en', "People's picks so far, based on 1,234 rows."],
    ['st', 'Likhetho tsa batho ho fihlela joale, ho latela mela e 1,234.'],
  ] as const)('shows each match’s shares and the rows they count (%s), read once', async (lang, note) => {
    const asked: string[] = [];
    server.use(
      http.get(`${PLAY}/pick-shares`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('sid') ?? '');
        return HttpResponse.json(shares);
      }),
    );
    await openPlay(lang);
    expect(await screen.findByText(note)).toBeInTheDocument();
    const lines = screen.getAllByTestId('match-shares');
    expect(lines).toHaveLength(14);
    expect(lines[0]).toHaveTextContent('1 45.5% · X 30% · 2 24.5%');
    // A card is narrow on a 360 px phone: the shares are one short line in it.
    expect(within(cards()[0]!.closest('li')!).getByTestId('match-shares')).toBe(lines[0]);
    expect(asked).toEqual(['J14-0042']);
  });

  it('shows nothing while the server hides them (under 100 rows), and reads at most once a minute', async () => {
    let calls = 0;
    server.use(
      http.get(`${PLAY}/pick-shares`, () => {
        calls++;
        return HttpResponse.json({ sid: 'J14-0042', rows: 42, hidden: true });
      }),
    );
    const first = await openPlay('en');
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.queryByTestId('match-shares')).not.toBeInTheDocument();
    expect(screen.queryByText(/People's picks/)).not.toBeInTheDocument();
    // Back on the screen within the minute: the answer already read is used, nothing is asked.
    first.unmount();
    await openPlay('en');
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toBe(1);
  });
});
