import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, expect, it } from 'vitest';
import type { TimeFilterId } from '../../machines/rules/timeFilter';
import { Paginator } from '../../src/components/Paginator';
import { TimeFilter } from '../../src/components/TimeFilter';
import { activateLanguage } from '../../src/i18n/i18n';

beforeAll(async () => {
  await activateLanguage('en');
});

function Pages({ count }: { count: number }) {
  const [page, setPage] = useState(1);
  return <Paginator page={page} count={count} onChange={setPage} />;
}

it('moves between pages showing only the controls that lead somewhere', async () => {
  render(
    <I18nProvider i18n={i18n}>
      <Pages count={6} />
    </I18nProvider>,
  );
  const names = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
  expect(names()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Next page', 'Last page']);
  await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
  expect(names()).toEqual(['First page', 'Previous page', 'Page 4', 'Page 5', 'Page 6']);
  expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
  await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
});

it('hides itself when everything fits on one page', () => {
  render(
    <I18nProvider i18n={i18n}>
      <Pages count={1} />
    </I18nProvider>,
  );
  expect(screen.queryByRole('navigation')).toBeNull();
});

it('offers every time range and reports the choice', async () => {
  const chosen: TimeFilterId[] = [];
  render(
    <I18nProvider i18n={i18n}>
      <TimeFilter value={null} onChange={(v) => chosen.push(v)} />
    </I18nProvider>,
  );
  await userEvent.selectOptions(screen.getByLabelText('Time range'), 'Last 7 days');
  expect(chosen).toEqual(['week']);
  expect(screen.getAllByRole('option')).toHaveLength(8);
});
