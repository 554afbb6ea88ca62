// The frame of /login and /register: brand, language switch, one card, the footer's bottom bar.
import type { ReactNode } from 'react';
import { LanguageSelector } from '../../components/LanguageSelector';
import { Footer } from '../../shell/Footer';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="app auth">
      <header className="auth-header">
        <span className="brand">
          <img src="/icons/icon.svg" alt="" width="32" height="32" />
          <span>Jackpot 14</span>
        </span>
        <LanguageSelector />
      </header>
      <main id="main" className="main">
        <section className="card auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {children}
        </section>
      </main>
      <Footer loggedIn={false} />
    </div>
  );
}
