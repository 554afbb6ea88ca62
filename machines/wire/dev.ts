// Wire: the demo-only developer routes under /dev (server/dev/routes.ts; absent in production): the
// phone simulator's SMS and outbox, and moving the demo round along. Read by tests/e2e, not by the app.
import { Type } from '@sinclair/typebox';
import { Nullable } from './fields';
import { Text } from './text';

export const DevSmsBody = Type.Object({
  from: Text({ minLength: 1, maxLength: 32 }),
  text: Text({ maxLength: 1000 }),
});
export const DevSmsQuery = Type.Object({ msisdn: Type.Optional(Text({ maxLength: 32 })) });
export const SmsList = Type.Array(
  Type.Object({
    msisdn: Type.String(),
    text: Type.String(),
    otp: Nullable(Type.String()),
    createdAt: Type.String(),
  }),
);
export const RoundQuery = Type.Object({ played: Type.Optional(Type.Literal('1')) });
export const EndSoonBody = Type.Object({ minutes: Type.Integer({ minimum: 1, maximum: 24 * 60 }) });
/** The demo round acted on, or null when there is none. */
export const DevRound = Type.Object({ sid: Nullable(Type.String()) });
