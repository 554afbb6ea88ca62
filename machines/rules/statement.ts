// A statement people can read: the filtered moves as CSV for a download (RFC 4180, CRLF; a cell that a
// spreadsheet would run as a formula is quoted with a leading '). Dates are showWireDate's (maseruTime.ts).

function cell(value: string | number): string {
  let text = String(value);
  // =, +, -, @ start a formula in spreadsheets; a negative number is data, not a formula.
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
