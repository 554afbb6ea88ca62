// Wire: marketing's API under /api/admin (CONTRACTS.md "Results and operations API", content;
// ROLE_MARKETING or ROLE_ADMIN): testimonials and the default prize table.
import { type Static, Type } from '@sinclair/typebox';
import { PrizeInput } from './admin';
import { LocalImage, M, Name } from './fields';
import { Text } from './text';

export const TestimonialLang = Type.Union([Type.Literal('st'), Type.Literal('en')]);
export type TestimonialLang = Static<typeof TestimonialLang>;

export const TestimonialBody = Type.Object({
  lang: TestimonialLang,
  /** Optional: a testimonial without a picture shows none. */
  imgUrl: Type.Optional(LocalImage),
  name: Name(80),
  occupation: Text({ maxLength: 80 }),
  testimonial: Name(600),
});
export type NewTestimonial = Static<typeof TestimonialBody>;

/** GET /api/admin/testimonials: every testimonial in its order (the route sends it without a schema). */
export const StoredTestimonials = Type.Array(
  Type.Object({
    id: Type.Integer(),
    lang: Type.String(),
    imgUrl: Type.String(),
    name: Type.String(),
    occupation: Type.String(),
    testimonial: Type.String(),
    position: Type.Integer(),
  }),
);
export type StoredTestimonial = Static<typeof StoredTestimonials>[number];

export const TestimonialCreated = Type.Object({ id: Type.Integer() });
export type TestimonialCreated = Static<typeof TestimonialCreated>;
export const IdParams = Type.Object({ id: Text({ maxLength: 20 }) });

export const PrizesBody = Type.Array(PrizeInput, { minItems: 1, maxItems: 5 });

/** GET /api/admin/prizes: the default prize table, as the banner shows it when a round has none of its own. */
export const PrizeTable = Type.Array(Type.Object({ prizeType: Type.Integer(), amount: M }));
export type PrizeRow = Static<typeof PrizeTable>[number];
