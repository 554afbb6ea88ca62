// How a phone number reads on screen: grouped in full where its owner checks it (a confirm step), masked
// where it may be seen by others or kept (a statement row, a CSV file): '266 5xxx xx02' keeps the country,
// the first digit (the network) and the last two, enough to tell numbers apart, not enough to dial.

/** '26650000002' → '266 5000 0002'; anything that is not 266 and 8 digits is returned as it is. */
export function showMsisdn(msisdn: string): string {
  const parts = /^(266)(\d{4})(\d{4})$/.exec(msisdn);
  return parts ? `${parts[1]} ${parts[2]} ${parts[3]}` : msisdn;
}

/** '26650000002' → '266 5xxx xx02' (spaces or a + are ignored); any other number keeps its last two digits. */
export function maskMsisdn(msisdn: string): string {
  const digits = msisdn.replace(/\D/g, '');
  const parts = /^(266)(\d)\d{5}(\d{2})$/.exec(digits);
  if (parts) return `${parts[1]} ${parts[2]}xxx xx${parts[3]}`;
  return digits.length <= 2 ? 'xx' : `${'x'.repeat(digits.length - 2)}${digits.slice(-2)}`;
}
