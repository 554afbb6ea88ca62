// The countdown's unit labels on /play in each language: four, and no two alike (Sesotho once read
// "METS" and "MOTS" for minutes and seconds, one letter apart).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession } from './helpers';

/** Letters to change to turn one word into the other. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

async function unitLabels(lang: 'st' | 'en'): Promise<string[]> {
  localStorage.setItem('lang', lang);
  storeSession();
  const { container } = await renderApp('/play');
  await screen.findByRole('timer');
  await waitFor(() => expect(container.querySelectorAll('.countdown-unit small')).toHaveLength(4));
  return [...container.querySelectorAll('.countdown-unit small')].map((e) =>
    (e.textContent ?? '').toLowerCase(),
  );
}

describe('countdown unit labels', () => {
  it('reads days, hours, minutes and seconds apart in Sesotho', async () => {
    const labels = await unitLabels('st');
    expect(labels).toEqual(['matsatsi', 'lihora', 'mets.', 'sek.']);
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1)) expect(distance(a, b), `${a} / ${b}`).toBeGreaterThanOrEqual(3);
  });

  it('reads them apart in English too', async () => {
    const labels = await unitLabels('en');
    expect(new Set(labels).size).toBe(4);
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1)) expect(distance(a, b), `${a} / ${b}`).toBeGreaterThanOrEqual(3);
  });
});
