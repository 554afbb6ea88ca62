// Languages: Sesotho by default; a saved choice (src/storage/language.ts) overrides it; a saved
// value that is neither language means English. Each catalog is its own chunk, loaded when first needed.
import { i18n } from '@lingui/core';
import { savedLanguage, saveLanguage } from '../storage/language';

export { i18n };

export const LANGUAGES = ['st', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'st';

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The language to start in: the saved one, Sesotho when none is saved, English when it is unknown. */
export function detectLanguage(saved: string | null = savedLanguage()): Language {
  if (saved === null) return DEFAULT_LANGUAGE;
  return isLanguage(saved) ? saved : 'en';
}

const loaded: Partial<Record<Language, true>> = {};

/** Loads (once) and activates a catalog, and tells the page and screen readers the language. */
export async function activateLanguage(lang: Language): Promise<void> {
  if (!loaded[lang]) {
    // One dynamic import per language: Vite and the Lingui plugin turn each .po into its own chunk.
    const { messages } = await import(`../../locales/${lang}.po`);
    i18n.load(lang, messages);
    loaded[lang] = true;
  }
  i18n.activate(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The user's choice: saved for next time and applied at once, without a reload. */
export async function changeLanguage(lang: Language): Promise<void> {
  saveLanguage(lang);
  await activateLanguage(lang);
}

/** Start-up: the detected language, activated. */
export const initI18n = (): Promise<Language> => {
  const lang = detectLanguage();
  return activateLanguage(lang).then(() => lang);
};
