// The marketing screen against msw: only marketing and admins get in; testimonials are listed and
// previewed per language, added (checked first) and removed after a confirmation; the default prize table
// is checked as the server checks it and saved with PUT.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, renderApp, storeSession } from './helpers';
import { server } from './msw';

const ADMIN = `${API}/admin`;

interface Stored {
  id: number;
  lang: string;
  imgUrl: string;
  name: string;
  occupation: string;
  testimonial: string;
  position: number;
}

function marketingApi() {
  const calls: string[] = [];
  let items: Stored[] = [
    {
      id: 1,
      lang: 'st',
      imgUrl: '/testimonials/thabo.svg',
      name: 'Thabo',
      occupation: 'Mosuoe',
      testimonial: 'Ke hapile!',
      position: 0,
    },
    {
      id: 2,
      lang: 'en',
      imgUrl: '',
      name: 'Palesa',
      occupation: 'Nurse',
      testimonial: 'I won!',
      position: 1,
    },
  ];
  let prizes = [
    { prizeType: 14, amount: 100000 },
    { prizeType: 13, amount: 5000 },
    { prizeType: 12, amount: 500 },
  ];
  server.use(
    http.get(`${ADMIN}/testimonials`, () => HttpResponse.json(items)),
    http.post(`${ADMIN}/testimonials`, async ({ request }) => {
      const body = (await request.json()) as Omit<Stored, 'id' | 'position' | 'imgUrl'> & { imgUrl?: string };
      calls.push(`POST ${JSON.stringify(body)}`);
      items = [...items, { imgUrl: '', ...body, id: 3, position: 2 }];
      return HttpResponse.json({ id: 3 }, { status: 201 });
    }),
    http.delete(`${ADMIN}/testimonials/:id`, ({ params }) => {
      calls.push(`DELETE ${params.id}`);
      items = items.filter((x) => String(x.id) !== params.id);
      return HttpResponse.json({ deleted: true });
    }),
    http.get(`${ADMIN}/prizes`, () => HttpResponse.json(prizes)),
    http.put(`${ADMIN}/prizes`, async ({ request }) => {
      const body = (await request.json()) as typeof prizes;
      calls.push(`PUT ${JSON.stringify(body)}`);
      prizes = body;
      return HttpResponse.json(body);
    }),
  );
  return calls;
}

describe('marketing screen', () => {
  it.each([
    [['commxp-user'], '/play'],
    [['ROLE_CALL_CENTER'], '/support'],
  ])('sends %j from /marketing to their own screen (%s)', async (roles, home) => {
    const calls = marketingApi();
    localStorage.setItem('lang', 'en');
    storeSession({ roles });
    const { path } = await renderApp('/marketing');
    await waitFor(() => expect(path()).toBe(home));
    expect(screen.queryByRole('link', { name: 'Marketing' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lists and previews one language, adds a Sesotho testimonial and removes one after asking', async () => {
    const calls = marketingApi();
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'marketing', roles: ['ROLE_MARKETING'] });
    const { user } = await renderApp('/marketing');
    await user.click(await screen.findByRole('radio', { name: 'Sesotho' }, { timeout: 5000 }));
    const preview = await screen.findByTestId('mk-preview');
    await waitFor(() => expect(within(preview).getByText('Ke hapile!')).toBeTruthy());
    expect(within(preview).queryByText('I won!')).toBeNull();

    // Nothing is sent without a name and a text.
    await user.click(screen.getByRole('button', { name: 'Add testimonial' }));
    expect(screen.getByText("Enter the winner's name.")).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'Lineo');
    await user.type(screen.getByLabelText('What they say'), 'Ke thabile haholo!');
    await user.selectOptions(screen.getByLabelText('Picture'), '/testimonials/palesa.svg');
    await user.click(screen.getByRole('button', { name: 'Add testimonial' }));
    await waitFor(() => expect(within(preview).getByText('Ke thabile haholo!')).toBeTruthy());
    expect(calls).toEqual([
      'POST {"lang":"st","name":"Lineo","occupation":"","testimonial":"Ke thabile haholo!","imgUrl":"/testimonials/palesa.svg"}',
    ]);

    const thabo = screen.getAllByTestId('mk-testimonial').find((li) => li.textContent?.includes('Thabo'))!;
    await user.click(within(thabo).getByRole('button', { name: 'Remove' }));
    expect(calls).toHaveLength(1);
    await user.click(within(thabo).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(preview).queryByText('Ke hapile!')).toBeNull());
    expect(calls.at(-1)).toBe('DELETE 1');
    expect(screen.getByRole('status').textContent).toBe('The testimonial of Thabo was removed.');
  });

  it('checks and saves the default prize table', async () => {
    const calls = marketingApi();
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/marketing');
    const jackpot = await screen.findByLabelText('14 right (M)', {}, { timeout: 5000 });
    await waitFor(() => expect((jackpot as HTMLInputElement).value).toBe('100000'));
    await user.clear(jackpot);
    await user.type(jackpot, '1.005');
    await user.click(screen.getByRole('button', { name: 'Save prize table' }));
    expect(screen.getByRole('alert').textContent).toMatch(/at most two decimals/);
    expect(jackpot.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    await user.clear(jackpot);
    await user.type(jackpot, '250000');
    await user.type(screen.getByLabelText('6 right (M)'), '2,50');
    await user.click(screen.getByRole('button', { name: 'Save prize table' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/M 250,000.00/);
    expect(calls).toEqual([
      'PUT [{"prizeType":14,"amount":250000},{"prizeType":13,"amount":5000},{"prizeType":12,"amount":500},{"prizeType":6,"amount":2.5}]',
    ]);
  });
});
