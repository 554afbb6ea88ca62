import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Sesotho is the default language; English is the source language of the messages.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['st', 'en'],
  fallbackLocales: { default: 'en' },
  // LINGUI_CATALOG_DIR lets the catalog test extract into a scratch folder and compare.
  catalogs: [
    { path: `${process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/locales'}/{locale}`, include: ['<rootDir>/src'] },
  ],
  format: formatter({ lineNumbers: false }),
});
