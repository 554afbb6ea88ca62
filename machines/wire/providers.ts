// Wire: what a payment provider posts to us (the deposit callback, CONTRACTS.md "Deposits"), in the
// provider's own field names.
import { Type } from '@sinclair/typebox';
import { Text } from './text';

const Item = Type.Object({
  Name: Text({ maxLength: 64 }),
  Value: Type.Optional(Type.Union([Type.Number(), Text({ maxLength: 64 })])),
});

/** M-Pesa's STK push result, as its callback posts it. */
export const MpesaCallbackBody = Type.Object({
  Body: Type.Object({
    stkCallback: Type.Object({
      MerchantRequestID: Text({ maxLength: 128 }),
      CheckoutRequestID: Text({ minLength: 1, maxLength: 128 }),
      ResultCode: Type.Integer(),
      ResultDesc: Text({ maxLength: 500 }),
      CallbackMetadata: Type.Optional(Type.Object({ Item: Type.Array(Item, { maxItems: 20 }) })),
    }),
  }),
});

/** M-Pesa's acknowledgement shape. */
export const MpesaAck = Type.Object({ ResultCode: Type.Integer(), ResultDesc: Type.String() });
