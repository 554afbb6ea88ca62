// A statement people can read: the wire date as dd/MM/yyyy HH:mm, and the filtered moves as CSV for a
// download (RFC 4180, CRLF; a cell that a spreadsheet would run as a formula is quoted with a leading ').

/** 'yyyy-mm-dd hh:mm[:ss]' (Maseru) → 'dd/MM/yyyy HH:mm'; anything else is shown as it came. */
export function statementDate(wire: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(wire);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : wire;
}

function cell(value: string | number): string {
  let text = String(value);
  // =, +, -, @ start a formula in spreadsheets; a negative number is data, not a formula.
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
