// The statement's date format and CSV: what a spreadsheet opens safely and reads as written.
import { describe, expect, it } from 'vitest';
import { showWireDate as statementDate } from '../../machines/rules/maseruTime';
import { toCsv } from '../../machines/rules/statement';

describe('statementDate', () => {
  it('shows the wire date as dd/MM/yyyy HH:mm', () => {
    expect(statementDate('2026-11-24 03:09:32')).toBe('24/11/2026 03:09');
    expect(statementDate('2026-01-05T23:59:00')).toBe('05/01/2026 23:59');
  });
  it('shows anything else as it came', () => {
    expect(statementDate('yesterday')).toBe('yesterday');
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and new lines, and ends rows with CRLF', () => {
    expect(
      toCsv([
        ['Date', 'Reason'],
        ['24/11/2026 03:09', 'Airtime, for "Lineo"\nthanks'],
      ]),
    ).toBe('Date,Reason\r\n24/11/2026 03:09,"Airtime, for ""Lineo""\nthanks"\r\n');
  });
  it('keeps negative amounts as numbers but defuses formulas', () => {
    expect(toCsv([[-12.5, '=HYPERLINK("x")', '+1', '@SUM(A1)', '-x']])).toBe(
      `-12.5,"'=HYPERLINK(""x"")",'+1,'@SUM(A1),'-x\r\n`,
    );
  });
});
