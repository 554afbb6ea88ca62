// Wire: the operator's launch content (CONTRACTS.md "Launch content and terms"): documents anyone may
// read, and the signed-in subscriber's acceptance of the current terms.
import { type Static, Type } from '@sinclair/typebox';
import { Text } from './text';

export const ContentParams = Type.Object({ doc: Text({ maxLength: 32 }) });
export const ContentQuery = Type.Object({ lang: Type.Optional(Text({ maxLength: 16 })) });
export const ContentDoc = Type.Object({
  doc: Type.String(),
  lang: Type.String(),
  version: Type.String(),
  markdown: Type.String(),
});
export type ContentDoc = Static<typeof ContentDoc>;

export const AcceptTermsBody = Type.Object({ version: Text({ minLength: 1, maxLength: 40 }) });
export const TermsAccepted = Type.Object({ version: Type.String(), acceptedAt: Type.String() });
export type TermsAccepted = Static<typeof TermsAccepted>;
