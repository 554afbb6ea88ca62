// The language chosen: localStorage 'lang' ('st' or 'en'; anything else is read as English by
// src/i18n). Device-wide (not user-scoped): it survives sign-out, so the sign-in page stays in it.

const LANG_KEY = 'lang';

export function savedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

export function saveLanguage(lang: string): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // the choice then lasts only as long as the page
  }
}
