// The play API's wire shapes exist twice: the server's TypeBox schemas (server/play/schemas.ts, which
// validate and serialise) and the client's types (machines/ may import nothing from server/). These
// type-level checks tie them together: `npm run typecheck` fails the moment one side drifts.
import type { Static } from '@fastify/type-provider-typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { Betslip, Match, SubmitResult } from '../../machines/betslip/types';
import type { BetslipParams } from '../../machines/rules/betslip';
import type {
  BetslipResponse,
  PrizesResponse,
  SubmitAccepted as SubmitAcceptedSchema,
  SubmitBody,
  TestimonialsResponse,
} from '../../server/play/schemas';
import type { Prize, SubmissionPayload, SubmitAccepted, Testimonial } from '../../src/api/play';

type ServerBetslip = Static<typeof BetslipResponse>;

describe('wire types: client = server schema', () => {
  it('fetch-current-betslip', () => {
    expectTypeOf<Match>().toEqualTypeOf<ServerBetslip['matches'][number]>();
    expectTypeOf<BetslipParams>().toEqualTypeOf<ServerBetslip['betslipParams']>();
    // The same fields; the client only treats endsAt as optional (an answer cached by an older build
    // may lack it, and endDate is then read instead).
    expectTypeOf<keyof Betslip>().toEqualTypeOf<keyof ServerBetslip>();
    expectTypeOf<Required<Betslip>>().toEqualTypeOf<ServerBetslip>();
    expectTypeOf<ServerBetslip>().toExtend<Betslip>();
  });

  it('submit-online-betslip', () => {
    expectTypeOf<SubmissionPayload>().toExtend<Static<typeof SubmitBody>>();
    expectTypeOf<SubmitAccepted>().toEqualTypeOf<Static<typeof SubmitAcceptedSchema>>();
    expectTypeOf<Static<typeof SubmitAcceptedSchema>>().toExtend<SubmitResult>();
  });

  it('prizes and testimonials', () => {
    expectTypeOf<Prize[]>().toEqualTypeOf<Static<typeof PrizesResponse>>();
    expectTypeOf<Testimonial[]>().toEqualTypeOf<Static<typeof TestimonialsResponse>>();
  });
});
