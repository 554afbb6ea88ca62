// A phone number as a receipt shows it to anyone but its owner: enough to recognise one's own slip
// ("266 5xxx xx01"), not enough to call or text the player. Pure.

/** A Lesotho number (266 and eight digits) as `266 5xxx xx01`; any other only its last two digits. */
export function maskMsisdn(msisdn: string): string {
  const digits = msisdn.replace(/\D/g, '');
  const lesotho = /^266(\d)\d{5}(\d{2})$/.exec(digits);
  if (lesotho) return `266 ${lesotho[1]}xxx xx${lesotho[2]}`;
  return `${'x'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;
}
