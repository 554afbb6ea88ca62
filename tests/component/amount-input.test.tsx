// The amount field reads a decimal comma as a keypad types it, and refuses, with its reason in the
// subscriber's language, what could mean two amounts (issue 27: "2,50" used to become M 250.00).
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { amountToWire } from '../../machines/rules/amount';
import { AmountInput } from '../../src/components/AmountInput';
import { activateLanguage } from '../../src/i18n/i18n';

let sent: number | null = null;

function Field() {
  const [value, setValue] = useState('');
  sent = amountToWire(value);
  return <AmountInput id="amount" label="Amount" value={value} onChange={setValue} />;
}

const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <Field />
    </I18nProvider>,
  );

it('reads 2,50 as M 2.50 and pads it on blur', async () => {
  await activateLanguage('en');
  show();
  const field = screen.getByLabelText('Amount');
  await userEvent.type(field, '2,50');
  expect(field).toHaveValue('2.50');
  expect(sent).toBe(2.5);
  await userEvent.type(field, '{backspace}{backspace}');
  await userEvent.tab();
  expect(field).toHaveValue('2.00');
});

it('refuses a second decimal mark with its reason, keeps what was typed, and lets it be corrected', async () => {
  await activateLanguage('en');
  show();
  const field = screen.getByLabelText('Amount');
  await userEvent.type(field, '1234.5,');
  expect(field).toHaveValue('1,234.5');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('status')).toHaveTextContent('Write the cents after one comma or dot');
  await userEvent.type(field, '0');
  expect(field).toHaveValue('1,234.50');
  expect(screen.queryByRole('status')).toBeNull();
  expect(sent).toBe(1234.5);
});

it('says it in Sesotho', async () => {
  await activateLanguage('st');
  show();
  const field = screen.getByRole('textbox');
  await userEvent.type(field, '5.5,');
  expect(screen.getByRole('status').textContent).not.toMatch(/Write the cents/);
  expect(screen.getByRole('status').textContent?.length).toBeGreaterThan(10);
});
