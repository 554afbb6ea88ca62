// The operator's content for everyone (no sign-in: /tnc and /privacy are read before registering) and
// the signed-in subscriber's acceptance of the current terms (CONTRACTS.md "Launch content and terms").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import {
  AcceptTermsBody,
  ContentDoc,
  ContentParams,
  ContentQuery,
  TermsAccepted,
} from '../../machines/wire/content.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { DOCS, LANGS, type Lang, type SiteContent } from './siteContent.ts';
import { acceptedVersion, recordAcceptance } from './terms.ts';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Public and cacheable for a few minutes: the same for everyone, changed only by a restart. */
const PUBLIC_CACHE = 'public, max-age=300';

export const publicContentRoutes: FastifyPluginAsyncTypebox<{ content: SiteContent }> = async (app, o) => {
  const { content } = o;

  app.get('/site', async (_request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return content.site;
  });

  app.get(
    '/content/:doc',
    {
      schema: {
        params: ContentParams,
        querystring: ContentQuery,
        response: { 200: ContentDoc, ...errors },
      },
    },
    async (request, reply) => {
      const doc = DOCS.find((d) => d === request.params.doc);
      if (!doc) throw new ApiError(404, 'ERRORS.NOT_FOUND');
      // Sesotho first: an unknown language gets the Sesotho text.
      const lang: Lang = LANGS.find((l) => l === request.query.lang) ?? 'st';
      reply.header('cache-control', PUBLIC_CACHE);
      return { doc, lang, version: content.site.termsVersion, markdown: content.docs[doc][lang] };
    },
  );
};

export const termsRoutes: FastifyPluginAsyncTypebox<{
  content: SiteContent;
  db: Kysely<Database>;
  now: () => Date;
}> = async (app, o) => {
  const current = o.content.site.termsVersion;

  app.get('/terms-status', async (request) => {
    const accepted = await acceptedVersion(o.db, request.user.msisdn);
    return { version: current, acceptedVersion: accepted, mustAccept: accepted !== current };
  });

  app.post(
    '/accept-terms',
    {
      schema: {
        body: AcceptTermsBody,
        response: { 200: TermsAccepted, ...errors },
      },
    },
    async (request) => {
      // Only the text the subscriber was shown: an old version (terms changed meanwhile) is refused.
      if (request.body.version !== current) throw new ApiError(409, 'TERMS.OUTDATED');
      const at = await recordAcceptance(o.db, request.user.msisdn, current, o.now());
      return { version: current, acceptedAt: at.toISOString() };
    },
  );
};
