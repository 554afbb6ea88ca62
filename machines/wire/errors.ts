// Wire: the body of every refusal (each route's 4xx, and 503): CONTRACTS.md "Errors".
import { type Static, Type } from '@sinclair/typebox';

/** `messageKey` is what the client translates; `message` is for logs and people reading the JSON. */
export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  messageKey: Type.String(),
  message: Type.String(),
});
export type ErrorBody = Static<typeof ErrorResponse>;
