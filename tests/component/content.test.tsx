// The operator's content: terms and privacy readable signed out with a way back, the support contacts as
// links a phone can act on, and the Markdown renderer that shows any markup as text.
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/lib/markdown';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';

describe('Markdown', () => {
  it('renders headings, lists, bold and safe links', () => {
    const { container } = render(
      <Markdown
        source={
          '# Title\n\nA **bold** word and [our site](https://example.org) and [mail](mailto:a@b.c).\n\n- one\n- two\n  more\n\n1. first'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(screen.getByRole('link', { name: 'our site' })).toHaveAttribute('href', 'https://example.org');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@b.c');
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelector('ul li:last-child')).toHaveTextContent('two more');
    expect(container.querySelectorAll('ol li')).toHaveLength(1);
  });

  it('shows markup as text and never links a script', () => {
    const { container } = render(
      <Markdown
        source={
          '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) [data](data:text/html,x)'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(container).toHaveTextContent('[click](javascript:alert(3))');
  });
});

describe('terms and privacy', () => {
  it('shows the terms signed out in Sesotho, then English, with links to register and sign in', async () => {
    const { user } = await renderApp('/tnc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Melao le lipehelo' })).toBeInTheDocument();
    expect(screen.queryByText('TNC PENDING')).toBeNull();
    expect(screen.getByTestId('terms-version')).toHaveTextContent('01/11/2026');
    // The page's own links and the visitor header's both lead in.
    const register = screen.getAllByRole('link', { name: "Bula ak'haonte" });
    expect(register.length).toBe(2);
    for (const link of register) expect(link).toHaveAttribute('href', '/register');
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Leano la lekunutu' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy (st)' })).toBeInTheDocument();
  });

  it('offers to try again when the text cannot be fetched', async () => {
    let fail = true;
    server.use(
      http.get('/api/public/content/:doc', () =>
        fail
          ? HttpResponse.error()
          : HttpResponse.json({ doc: 'terms', lang: 'en', version: 'v2', markdown: '# Back again' }),
      ),
    );
    localStorage.setItem('lang', 'en');
    const { user } = await renderApp('/tnc');
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be shown');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back again' })).toBeInTheDocument();
  });
});

describe('support contacts', () => {
  it('shows tappable phone, SMS, WhatsApp and email on the contact page', async () => {
    storeSession();
    localStorage.setItem('lang', 'en');
    await renderApp('/contact');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: '+266 2231 4000' })).toHaveAttribute(
      'href',
      'tel:+26622314000',
    );
    const sms = within(main).getAllByRole('link', { name: '+266 5800 1414' });
    expect(sms.map((a) => a.getAttribute('href'))).toEqual(['sms:+26658001414', 'https://wa.me/26658001414']);
    expect(within(main).getByRole('link', { name: 'support@jackpot14.co.ls' })).toHaveAttribute(
      'href',
      'mailto:support@jackpot14.co.ls',
    );
    expect(within(main).getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/jackpot14ls',
    );
    expect(within(main).queryByText('—')).toBeNull();
  });
});

describe('form messages in the chosen language', () => {
  it('says in Sesotho what is missing on sign-in, with no browser bubble (noValidate)', async () => {
    const { user } = await renderApp('/login');
    const form = (await screen.findByLabelText('Nomoro ea mohala')).closest('form');
    expect(form).toHaveAttribute('novalidate');
    await user.click(within(form as HTMLElement).getByRole('button', { name: 'Kena' }));
    expect(await screen.findByTestId('login-missing')).toHaveTextContent('Kenya nomoro ea hao ea mohala');
  });
});
