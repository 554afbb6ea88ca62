// Joining a group (DESIGN.md "Group play") against msw: the public page for a visitor (no numbers, sign-in
// and registration with the way back), buying shares by link (asked first, nothing sent on Cancel, one
// POST with an Idempotency-Key), joining by the typed code from /groups, my groups, the member view, and
// every refusal said in words (English and Sesotho).
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showInstant } from '../../machines/rules/maseruTime';
import { CODE, memberGroup, publicGroup, refusal, serveGroup } from './groupHandlers';
import { renderApp, storeSession } from './helpers';
import { capturePost, server } from './msw';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const bought = () => HttpResponse.json({ code: CODE, sold: 3, myShares: 2, reference: 'J14-0042-GRP001' });

async function open(
  path: string,
  { lang = 'en', signedIn = true }: { lang?: 'en' | 'st'; signedIn?: boolean } = {},
) {
  localStorage.setItem('lang', lang);
  if (signedIn) storeSession();
  return renderApp(path);
}

describe('a group by link', () => {
  it('shows a visitor what the group is, without numbers, and the way to sign in and come back', async () => {
    const reads = serveGroup();
    await open(`/g/${CODE}`, { signedIn: false });
    // The first test of the file waits for the screen's chunk to compile: slow on a loaded machine.
    const facts = await screen.findByTestId('group-facts', {}, { timeout: 15_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Group Ba Maseru' })).toBeInTheDocument();
    expect(within(facts).getByTestId('group-share-price')).toHaveTextContent('M 0.66');
    expect(within(facts).getByTestId('group-left')).toHaveTextContent('2 of 3');
    expect(within(facts).getByTestId('group-status')).toHaveTextContent('Open: shares on sale');
    expect(facts).toHaveTextContent(showInstant('2030-05-04T10:00:00Z'));
    const join = screen.getByRole('region', { name: 'Join this group' });
    expect(within(join).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/g/${CODE}`)}`,
    );
    expect(within(join).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent(`/g/${CODE}`)}`,
    );
    expect(screen.queryByRole('button', { name: 'Buy shares' })).not.toBeInTheDocument();
    expect(reads).toEqual({ public: 1, member: 0 });
  });

  it('lets a subscriber buy shares: asked first, nothing sent on Cancel, then one POST and the member view', async () => {
    let member = false;
    serveGroup(() => (member ? HttpResponse.json(memberGroup()) : refusal(403, 'GROUP.NOT_MEMBER')));
    const sent = capturePost(`groups/${CODE}/shares`, () => {
      member = true;
      return bought();
    });
    const { user } = await open(`/g/${CODE}`);
    const count = await screen.findByLabelText('How many shares?', {}, { timeout: 15_000 });
    expect(count).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('button', { name: 'Buy shares' }));
    let confirm = await screen.findByRole('dialog', { name: 'M 1.32 for 2 shares of Ba Maseru?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Buy shares' }));
    confirm = await screen.findByRole('dialog', { name: 'M 1.32 for 2 shares of Ba Maseru?' });
    await user.click(within(confirm).getByRole('button', { name: 'Pay · M 1.32' }));
    expect(await screen.findByTestId('group-bought')).toHaveTextContent('Reference J14-0042-GRP001');
    expect(sent).toEqual([{ body: { count: 2, lang: 'en' }, key: expect.stringMatching(UUID) }]);
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByTestId('group-my-shares')).toHaveTextContent('You have 2 shares in this group.');
  });

  it('asks in the singular for one share, and refuses more shares than are left', async () => {
    serveGroup();
    const sent = capturePost(`groups/${CODE}/shares`, bought);
    const { user } = await open(`/g/${CODE}`);
    const count = await screen.findByLabelText('How many shares?');
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Buy shares' }));
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '1');
    await user.click(screen.getByRole('button', { name: 'Buy shares' }));
    expect(
      await screen.findByRole('dialog', { name: 'M 0.66 for 1 share of Ba Maseru?' }),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['GROUP.FULL', 409, 'This group has no shares left.'],
    ['GROUP.CLOSED', 409, "This group's round has closed: no more shares can be bought."],
    ['GROUP.CANCELLED', 409, 'This group was cancelled. Every share was refunded.'],
    [
      'WALLET.INSUFFICIENT_FUNDS',
      402,
      'There is not enough money in your wallet for these shares. Deposit, then try again.',
    ],
    ['PLAY.LIMIT_REACHED', 403, 'You have reached your play limit.'],
    ['PLAY.PAUSED', 403, 'Play is paused on your account.'],
    [
      'SUBSCRIPTION.REQUIRED',
      403,
      'You need an active subscription to play in a group. Subscribe, then try again.',
    ],
  ])('says %s in words', async (key, status, words) => {
    serveGroup();
    capturePost(`groups/${CODE}/shares`, () => refusal(status, key));
    const { user } = await open(`/g/${CODE}`);
    await user.click(await screen.findByRole('button', { name: 'Buy shares' }));
    await user.click(await screen.findByRole('button', { name: 'Pay · M 0.66' }));
    const said = await screen.findByTestId('group-refusal');
    expect(said).toHaveAttribute('data-key', key);
    expect(said).toHaveTextContent(words);
  });

  it('says a refusal in Sesotho', async () => {
    serveGroup();
    capturePost(`groups/${CODE}/shares`, () => refusal(409, 'GROUP.FULL'));
    const { user } = await open(`/g/${CODE}`, { lang: 'st' });
    await user.click(await screen.findByRole('button', { name: 'Reka likarolo' }));
    await user.click(await screen.findByRole('button', { name: 'Lefa · M 0.66' }));
    expect(await screen.findByTestId('group-refusal')).toHaveTextContent(
      'Sehlopha sena ha se sa na likarolo tse setseng.',
    );
  });

  it('says an unknown code in words', async () => {
    serveGroup(
      () => refusal(404, 'GROUP.UNKNOWN'),
      () => refusal(404, 'GROUP.UNKNOWN'),
    );
    await open(`/g/${CODE}`);
    expect(await screen.findByTestId('group-refusal')).toHaveTextContent(
      'No group has this code. Check the 6 digits and try again.',
    );
  });

  it('offers no purchase once the group is full or closed', async () => {
    serveGroup(undefined, () => HttpResponse.json(publicGroup({ sold: 3, status: 'SUBMITTED' })));
    await open(`/g/${CODE}`);
    expect(await screen.findByTestId('group-status')).toHaveTextContent('Submitted: the slip is in the draw');
    expect(screen.queryByRole('button', { name: 'Buy shares' })).not.toBeInTheDocument();
  });
});

describe('the member view', () => {
  it('shows the picks, the members as masked, my shares, the receipt and each part of the winnings', async () => {
    serveGroup(() =>
      HttpResponse.json(
        memberGroup({
          status: 'SETTLED',
          sold: 3,
          systemId: null,
          receipt: { reference: 'J14-0042-ABC123', jws: 'h.p.s' },
          members: [
            { msisdnMasked: '266 5xxx xx01', shares: 1, captain: true, won: 16.68 },
            { msisdnMasked: '266 5xxx xx02', shares: 2, captain: false, won: 33.32 },
          ],
          winnings: { total: 50, perShare: 16.66, captainRemainder: 0.02, mine: 33.32 },
        }),
      ),
    );
    await open(`/g/${CODE}`);
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NumberSharesWinnings',
      '266 5xxx xx01 (captain)1M 16.68',
      '266 5xxx xx022M 33.32',
    ]);
    expect(screen.getByTestId('group-my-winnings')).toHaveTextContent(
      'The slip won M 50.00. Your share: M 33.32',
    );
    expect(
      screen.getByText("The captain's part includes the M 0.02 that splitting by shares to the cent leaves."),
    ).toBeInTheDocument();
    expect(screen.getByTestId('group-receipt')).toHaveAttribute('href', `${location.origin}/verify#h.p.s`);
    expect(screen.getByTestId('group-receipt')).toHaveTextContent('J14-0042-ABC123');
    const picks = screen.getByRole('list', { name: 'Picks' });
    expect(within(picks).getAllByRole('listitem')[0]).toHaveTextContent('Match 1 1X');
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });
});

describe('/groups', () => {
  it('joins by the typed code and lists my groups', async () => {
    serveGroup();
    server.use(
      http.get('/api/protected/my-groups', () =>
        HttpResponse.json([
          { ...publicGroup({ code: '654321', name: 'Mokhatlo' }), myShares: 2, captain: false },
        ]),
      ),
    );
    const { user, path } = await open('/groups');
    const mine = await screen.findByTestId('my-groups');
    expect(within(mine).getByRole('link', { name: /Mokhatlo/ })).toHaveAttribute('href', '/g/654321');
    expect(mine).toHaveTextContent('2 of 3 shares');
    const code = screen.getByLabelText('Group code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12a34');
    await user.click(screen.getByRole('button', { name: 'Find the group' }));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '56');
    await user.click(screen.getByRole('button', { name: 'Find the group' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Group Ba Maseru' })).toBeInTheDocument();
    expect(path()).toBe(`/g/${CODE}`);
  });

  it('is reached from Account', async () => {
    server.use(http.get('/api/protected/my-groups', () => HttpResponse.json([])));
    const { user, path } = await open('/account');
    const link = await screen.findByRole(
      'link',
      { name: 'Play together: join a group, my groups' },
      { timeout: 15_000 },
    );
    await user.click(link);
    expect(await screen.findByText('You are not in any group yet.')).toBeInTheDocument();
    expect(path()).toBe('/groups');
  });
});
