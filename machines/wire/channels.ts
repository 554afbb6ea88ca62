// Wire: what the USSD and SMS gateways send us under /api/channels (CONTRACTS.md "Phone channels: USSD and SMS"). The
// answers are plain text for the gateway, so only the requests have schemas.
import { Type } from '@sinclair/typebox';
import { Text } from './text';

/** The USSD gateway's POST for each step of a session (Africa's Talking's form, as JSON). */
export const UssdBody = Type.Object({
  sessionId: Text({ minLength: 1, maxLength: 128 }),
  serviceCode: Type.Optional(Text({ maxLength: 64 })),
  phoneNumber: Text({ minLength: 1, maxLength: 32 }),
  networkCode: Type.Optional(Text({ maxLength: 32 })),
  text: Type.Optional(Text({ maxLength: 2000 })),
});

/** An inbound SMS as the gateway forwards it. */
export const SmsBody = Type.Object({
  from: Text({ minLength: 1, maxLength: 32 }),
  to: Type.Optional(Text({ maxLength: 32 })),
  text: Text({ maxLength: 2000 }),
  id: Text({ minLength: 1, maxLength: 128 }),
  date: Type.Optional(Text({ maxLength: 64 })),
  linkId: Type.Optional(Text({ maxLength: 128 })),
});

/** The gateway's shared token, in the query string. */
export const TokenQuery = Type.Object({ token: Type.Optional(Text({ maxLength: 256 })) });
