// msw handlers for the operator's content: the demo site settings, the terms and privacy texts, and a
// subscriber who has accepted the current terms (so no prompt appears unless a test asks for one).
import { HttpResponse, http } from 'msw';
import type { SiteInfo } from '../../src/content/site';

export const TERMS_VERSION = '2026-11-01';

export const SITE: SiteInfo = {
  termsVersion: TERMS_VERSION,
  support: {
    phone: '+266 2231 4000',
    sms: '+266 5800 1414',
    whatsapp: '+266 5800 1414',
    email: 'support@jackpot14.co.ls',
    location: 'Maseru, Lesotho',
  },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/jackpot14ls' }],
  subscription: { price: 5, period: 'week' },
};

export const TERMS_MD: Record<string, string> = {
  en: '# Terms and conditions\n\nYou must be **18 or older**.\n\n- One\n- Two',
  st: '# Melao le lipehelo\n\nO tlameha ho ba **lilemo li 18 kapa ho feta**.',
};

export const contentDefaults = [
  http.get('/api/public/site', () => HttpResponse.json(SITE)),
  http.get('/api/public/content/:doc', ({ params, request }) => {
    const lang = new URL(request.url).searchParams.get('lang') === 'en' ? 'en' : 'st';
    const markdown = params.doc === 'terms' ? TERMS_MD[lang] : `# Privacy (${lang})`;
    return HttpResponse.json({ doc: params.doc, lang, version: TERMS_VERSION, markdown });
  }),
  http.get('/api/protected/terms-status', () =>
    HttpResponse.json({ version: TERMS_VERSION, acceptedVersion: TERMS_VERSION, mustAccept: false }),
  ),
];
