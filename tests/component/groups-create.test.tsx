// "Play as a group" on /play (DESIGN.md "Group play") against msw: the captain's form with its share-price
// preview, the question before money moves (nothing sent on Cancel), one POST with an Idempotency-Key on
// Confirm, then the code and link; a refusal said in words; and the way to /groups from /play.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE, refusal } from './groupHandlers';
import { renderApp, storeSession } from './helpers';
import { capturePost } from './msw';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const cards = () => within(document.querySelector<HTMLOListElement>('ol.matches')!).getAllByRole('group');

async function openPlayWithPicks(lang: 'en' | 'st' = 'en') {
  localStorage.setItem('lang', lang);
  storeSession();
  const view = await renderApp('/play');
  await waitFor(() => expect(document.querySelectorAll('ol.matches > li')).toHaveLength(14), {
    timeout: 15_000,
  });
  // A home win on every match: a plain M 2.00 slip.
  for (const card of cards()) await view.user.click(within(card).getAllByRole('button')[0]!);
  return view;
}

const created = () =>
  HttpResponse.json(
    {
      groupId: 'g-1',
      code: CODE,
      sharePrice: 0.66,
      shares: 3,
      sold: 1,
      status: 'OPEN',
      closesAt: '2030-05-04T10:00:00Z',
    },
    { status: 201 },
  );

async function fillForm(user: Awaited<ReturnType<typeof openPlayWithPicks>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Play as a group' }));
  const dialog = await screen.findByRole('dialog', { name: 'Play as a group' });
  await user.type(within(dialog).getByLabelText('Group name'), 'Ba Maseru');
  await user.type(within(dialog).getByLabelText('Number of shares'), '3');
  return dialog;
}

describe('Play as a group', () => {
  it('offers the group only for a complete slip, and always the way to join one', async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    await renderApp('/play');
    await waitFor(() => expect(document.querySelectorAll('ol.matches > li')).toHaveLength(14), {
      timeout: 15_000,
    });
    // PlayAsGroup is a lazy chunk of /play: wait for it, then no group for an incomplete slip.
    expect(await screen.findByRole('link', { name: 'Join a group' })).toHaveAttribute('href', '/groups');
    expect(screen.queryByRole('button', { name: 'Play as a group' })).not.toBeInTheDocument();
  });

  it('previews the share price, asks before paying, sends nothing on Cancel, then opens the group once', async () => {
    const sent = capturePost('groups', created);
    const { user } = await openPlayWithPicks();
    const dialog = await fillForm(user);
    // M 2.00 ÷ 3 = M 0.66 a share; the captain's first share also pays the M 0.02 left over.
    expect(within(dialog).getByTestId('group-preview')).toHaveTextContent(
      'Each share costs M 0.66. You pay M 0.68 now: your first share also pays the M 0.02 that rounding down leaves.',
    );
    await user.click(within(dialog).getByRole('radio', { name: /I buy the rest/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    let confirm = await screen.findByRole('dialog', { name: 'Pay M 0.68 and open the group Ba Maseru?' });
    expect(confirm).toHaveTextContent('Slip priceM 2.00');
    expect(confirm).toHaveTextContent('Shares3 at M 0.66');
    expect(confirm).toHaveTextContent('your wallet buys the rest');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // Back to the form, as typed; nothing went to the server.
    const again = await screen.findByRole('dialog', { name: 'Play as a group' });
    expect(within(again).getByLabelText('Group name')).toHaveValue('Ba Maseru');
    expect(sent).toHaveLength(0);

    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    confirm = await screen.findByRole('dialog', { name: 'Pay M 0.68 and open the group Ba Maseru?' });
    await user.click(within(confirm).getByRole('button', { name: 'Open the group · M 0.68' }));
    const done = await screen.findByTestId('group-created');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(UUID);
    expect(sent[0]!.body).toEqual({
      lang: 'en',
      betSlipSid: 'J14-0042',
      positionAndPredictionDtos: Array.from({ length: 14 }, (_, i) => ({
        betSlipPosition: i,
        prediction: 1,
      })),
      name: 'Ba Maseru',
      shares: 3,
      captainShares: 1,
      unsold: 'CAPTAIN_COVERS',
    });
    expect(within(done).getByTestId('group-code')).toHaveTextContent(CODE);
    expect(within(done).getByTestId('group-link')).toHaveTextContent(`${location.origin}/g/${CODE}`);
    expect(within(done).getByRole('link', { name: 'Open the group page' })).toHaveAttribute(
      'href',
      `/g/${CODE}`,
    );
  });

  it('shares the link with the share sheet when there is one, else copies it', async () => {
    capturePost('groups', created);
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { user } = await openPlayWithPicks();
      const dialog = await fillForm(user);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await user.click(await screen.findByRole('button', { name: 'Open the group · M 0.68' }));
      await user.click(await screen.findByRole('button', { name: 'Share or copy' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${location.origin}/g/${CODE}` }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('checks the form before asking: a name, 2–100 shares, the captain at most all of them', async () => {
    const sent = capturePost('groups', created);
    const { user } = await openPlayWithPicks();
    await user.click(await screen.findByRole('button', { name: 'Play as a group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Play as a group' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByLabelText('Group name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Group name'), 'Ba Maseru');
    await user.type(within(dialog).getByLabelText('Number of shares'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByLabelText('Number of shares')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Number of shares'), '0'); // 10
    await user.clear(within(dialog).getByLabelText('Your shares'));
    await user.type(within(dialog).getByLabelText('Your shares'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByLabelText('Your shares')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(sent).toHaveLength(0);
  });

  it('says a refusal in words, in Sesotho, and keeps the form', async () => {
    const sent = capturePost('groups', () => refusal(403, 'SUBSCRIPTION.REQUIRED'));
    const { user } = await openPlayWithPicks('st');
    await user.click(await screen.findByRole('button', { name: 'Bapala e le sehlopha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bapala e le sehlopha' });
    await user.type(within(dialog).getByLabelText('Lebitso la sehlopha'), 'Ba Maseru');
    await user.type(within(dialog).getByLabelText('Palo ea likarolo'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Tsoela pele' }));
    await user.click(await screen.findByRole('button', { name: 'Bula sehlopha · M 0.68' }));
    const said = await screen.findByTestId('group-refusal');
    expect(said).toHaveTextContent(
      'U hloka peeletso e sebetsang ho bapala sehlopheng. Ingolise, ebe u leka hape.',
    );
    expect(sent).toHaveLength(1);
    expect(screen.getByLabelText('Lebitso la sehlopha')).toHaveValue('Ba Maseru');
  });
});
