// Wire: field shapes several areas share (instants, our own images, bounded money, nullable).
import { type TSchema, Type } from '@fastify/type-provider-typebox';
import { PRIZE_TIERS, type PrizeTier } from '../rules/prizeTiers';
import { Text } from './text';

/** ISO 8601 with a time zone ('2026-12-01T10:00:00Z', '…+02:00'): a bare local time would be ambiguous. */
export const ISO_INSTANT =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';
export const Instant = Text({ maxLength: 40, pattern: ISO_INSTANT });
/** Our own images only (the CSP allows no other origin): '/logos/x.svg', no '..'. */
export const LocalImage = Text({ maxLength: 200, pattern: '^/(?!.*\\.\\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$' });
/** An amount an operator types (M): the largest prize the server takes. */
export const OperatorMoney = Type.Number({ minimum: 0, maximum: 100_000_000 });
/** Money in an answer: M, at most two decimals (the server rounds from cents). */
export const M = Type.Number({ description: 'M, at most two decimals' });
export const Name = (maxLength: number) => Text({ minLength: 1, maxLength });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** The prize tiers: 14, 13, 12, 7 and 6 correct. */
/** One of the tiers (machines/rules/prizeTiers.ts: the list is declared there only). */
export const PrizeType = Type.Unsafe<PrizeTier>(Type.Union(PRIZE_TIERS.map((tier) => Type.Literal(tier))));

/** How a round's slips are settled (machines/rules/rowSettlement.ts SettlementRule). */
export const SettlementRule = Type.Union([Type.Literal('SLIP'), Type.Literal('ROWS')]);

/** The Idempotency-Key every money-moving request carries (a new one per attempt). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Text({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' }),
});
