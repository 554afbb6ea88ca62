// What M-Pesa checks in a request's fields, in the order it checks them (pure). Each refusal is a code
// of codes.ts; null means the fields are acceptable.
import type { MpesaCodeName } from './codes.ts';

export type Input = Record<string, unknown>;

/** The request's fields: a JSON object body, or null when it is not one. */
export function parseInput(raw: unknown): Input | null {
  // No body at all: every field is missing (INS-20), not malformed.
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as Input;
  if (typeof raw !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Input) : null;
  } catch {
    return null;
  }
}

type Check = [field: string, valid: (value: string) => boolean, code: MpesaCodeName];

const amount = (value: string) => /^\d+\.\d{2}$/.test(value) && Number(value) > 0;

const COMMON = (serviceProviderCode: string): Check[] => [
  ['input_ServiceProviderCode', (v) => v === serviceProviderCode, 'INS-13'],
  ['input_Country', (v) => v === 'LES', 'INS-998'],
  ['input_ThirdPartyConversationID', (v) => /^[A-Za-z0-9]{1,40}$/.test(v), 'INS-19'],
];

export const paymentChecks = (serviceProviderCode: string, descriptionField: string): Check[] => [
  ...COMMON(serviceProviderCode),
  ['input_Currency', (v) => v === 'LSL', 'INS-21'],
  ['input_Amount', amount, 'INS-15'],
  ['input_CustomerMSISDN', (v) => /^266\d{8}$/.test(v), 'INS-2051'],
  ['input_TransactionReference', (v) => /^[A-Za-z0-9]{1,20}$/.test(v), 'INS-17'],
  [descriptionField, (v) => v.length <= 256, 'INS-21'],
];

export const queryChecks = (serviceProviderCode: string): Check[] => [
  ...COMMON(serviceProviderCode),
  ['input_QueryReference', (v) => /^[A-Za-z0-9]{1,40}$/.test(v), 'INS-21'],
];

export const reversalChecks = (serviceProviderCode: string): Check[] => [
  ...COMMON(serviceProviderCode),
  ['input_TransactionID', (v) => /^[A-Za-z0-9]{1,40}$/.test(v), 'INS-18'],
  ['input_ReversalAmount', amount, 'INS-15'],
];

/** INS-20 when a field is missing, INS-21 when one is not a string, else the first failed check. */
export function refusal(input: Input | null, checks: Check[]): MpesaCodeName | null {
  if (input === null) return 'INS-21';
  for (const [field] of checks) if (input[field] === undefined || input[field] === '') return 'INS-20';
  for (const [field] of checks) if (typeof input[field] !== 'string') return 'INS-21';
  for (const [field, valid, code] of checks) if (!valid(input[field] as string)) return code;
  return null;
}

/** A field refusal() has accepted. */
export const field = (input: Input, name: string) => String(input[name]);
