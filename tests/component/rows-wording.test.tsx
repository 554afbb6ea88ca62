// Where a round settled by rows counts winners, it says rows (DESIGN.md "Systems and pick shares": public
// rounds' tiers[].winners, the settlement preview and the pick statistics count winning rows under
// 'ROWS'); a round settled before rows counted ('SLIP') keeps "Winners". In English and Sesotho.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SettlementPreview } from '../../src/api/admin';
import { activateLanguage } from '../../src/i18n/i18n';
import { SettlementTable } from '../../src/screens/admin/SettlementTable';
import { SlipStatistics } from '../../src/screens/results/SlipStatistics';
import { renderApp } from './helpers';
import { server } from './msw';
import { WON } from './resultsHandlers';

type Rule = 'SLIP' | 'ROWS';
const WORDS = {
  en: {
    ROWS: 'Winning rows',
    SLIP: 'Winners',
    perPrize: { ROWS: 'Winning rows per prize', SLIP: 'Winners per prize' },
    basis: 'Shares of all rows played',
  },
  st: {
    ROWS: 'Mela e hapileng',
    SLIP: 'Bahloli',
    perPrize: { ROWS: 'Mela e hapileng ka moputso', SLIP: 'Bahloli ka moputso' },
    basis: 'Karolo ea mela eohle e bapaloang',
  },
} as const;
const CASES = (['en', 'st'] as const).flatMap((lang) =>
  (['ROWS', 'SLIP'] as const).map((rule) => ({ lang, rule })),
);

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe.each(CASES)('$rule round in $lang', ({ lang, rule }: { lang: 'en' | 'st'; rule: Rule }) => {
  it('the settlement preview heads its count as the round counts', async () => {
    await activateLanguage(lang);
    const preview: SettlementPreview = {
      settlementRule: rule,
      tiers: [{ prizeType: 13, winners: 8, amountEach: 125, pool: 1000 }],
      totalPayout: 1000,
      rollover: 0,
    };
    render(
      <I18nProvider i18n={i18n}>
        <SettlementTable preview={preview} />
      </I18nProvider>,
    );
    expect(headers(screen.getByRole('table'))[1]).toBe(WORDS[lang][rule]);
    expect(screen.getByRole('table')).not.toHaveTextContent(WORDS[lang][rule === 'ROWS' ? 'SLIP' : 'ROWS']);
  });

  it('the pick statistics of a settled slip say rows only when rows were counted', async () => {
    await activateLanguage(lang);
    render(
      <I18nProvider i18n={i18n}>
        <SlipStatistics stats={{ ...WON.statistics!, settlementRule: rule }} bets={WON.placedBets} />
      </I18nProvider>,
    );
    const tiers = screen.getByRole('table');
    expect(headers(tiers)[1]).toBe(WORDS[lang][rule]);
    if (rule === 'ROWS') expect(screen.getByText(WORDS[lang].basis)).toBeInTheDocument();
    else expect(screen.queryByText(WORDS[lang].basis)).toBeNull();
  });

  it('the public rounds page counts winning rows per prize', async () => {
    server.use(
      http.get('/api/public/rounds', () =>
        HttpResponse.json([
          {
            sid: 'J14-0007',
            endsAt: '2026-03-01T12:00:00Z',
            settlementRule: rule,
            matches: [],
            tiers: [{ prizeType: 14, winners: 3, amountEach: 1000 }],
          },
        ]),
      ),
    );
    localStorage.setItem('lang', lang);
    await renderApp('/rounds');
    const table = await screen.findByRole('table', { name: WORDS[lang].perPrize[rule] });
    expect(headers(table)[1]).toBe(WORDS[lang][rule]);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('3');
  });
});
