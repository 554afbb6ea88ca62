import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Sesotho is the default language; English is the source language of the messages.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['st', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});
