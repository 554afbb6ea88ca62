// The call centre's routes under /api/admin (call centre and admins): a subscriber's wallet, the support
// screen's one read and one action; and the deposits the provider flagged (admins only). Every read and
// action is audited; a refused one is not.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROLES } from '../../machines/rules/roles.ts';
import {
  CodeSent,
  MsisdnBody,
  MsisdnParams,
  MsisdnQuery,
  SubscriberWallet,
  SupportView,
} from '../../machines/wire/support.ts';
import { auditor } from '../audit/audit.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import { OTP_TTL_SECONDS } from '../identity/otp.ts';
import { requireRole } from '../identity/protect.ts';
import { requestCode } from '../identity/registrationRoutes.ts';
import { findUserByUsername } from '../identity/users.ts';
import { depositView } from '../wallet/depositRoutes.ts';
import { flaggedDeposits } from '../wallet/deposits.ts';
import { walletInfo } from '../wallet/walletInfo.ts';
import type { OpsOptions } from './options.ts';
import { subscriberLanguage, supportLookup } from './supportLookup.ts';

/** The SMS language for a subscriber who never chose one: Sesotho, the app's default. */
const DEFAULT_LANG = 'st';

/** The number as stored, or 400 MSISDN.INVALID (the schema checks the text; this, the number in it). */
function subscriberNumber(asked: string): string {
  const msisdn = normaliseMsisdn(asked);
  if (!msisdn) throw new ApiError(400, 'MSISDN.INVALID');
  return msisdn;
}

const notFound = () => new ApiError(404, 'SUBSCRIBER.NOT_FOUND');

export const callCentreRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.callCenter, ROLES.admin));
  const audited = auditor(db, now);

  app.get(
    '/subscribers/:msisdn/wallet',
    { schema: { params: MsisdnParams, response: { 200: SubscriberWallet, '4xx': ErrorResponse } } },
    async (request) => {
      const msisdn = subscriberNumber(request.params.msisdn);
      const known = await db.selectFrom('users').select('id').where('msisdn', '=', msisdn).executeTakeFirst();
      if (!known) throw notFound();
      return audited(request.user.msisdn, { action: 'WALLET.READ', target: msisdn }, () =>
        walletInfo(db, msisdn),
      );
    },
  );

  // The support screen's one read: everything about a subscriber.
  app.get(
    '/support/subscriber',
    { schema: { querystring: MsisdnQuery, response: { 200: SupportView, '4xx': ErrorResponse } } },
    async (request) => {
      const msisdn = subscriberNumber(request.query.msisdn);
      return audited(request.user.msisdn, { action: 'SUBSCRIBER.READ', target: msisdn }, async () => {
        const view = await supportLookup(db, msisdn, now());
        if (!view) throw notFound();
        return view;
      });
    },
  );

  // The support screen's one action: the password-reset code, exactly as the public reset flow sends it
  // (same service, same limits: a 429 here is the subscriber's own limit or the operator's address's).
  app.post(
    '/support/password-reset',
    {
      schema: {
        body: MsisdnBody,
        response: {
          200: CodeSent,
          '4xx': ErrorResponse,
        },
      },
    },
    async (request) => {
      const msisdn = subscriberNumber(request.body.msisdn);
      if (!(await findUserByUsername(db, msisdn))) throw notFound();
      return audited(request.user.msisdn, { action: 'PASSWORD_RESET.SENT', target: msisdn }, async () => {
        const lang = (await subscriberLanguage(db, msisdn)) ?? DEFAULT_LANG;
        await requestCode(db, app.otp, { msisdn, lang, address: request.ip, purpose: 'RESET' });
        return { message: 'OTP.SENT', expiresIn: OTP_TTL_SECONDS };
      });
    },
  );
};

/**
 * Deposits the provider reported something odd about (an amount that differs, money taken for a deposit
 * already closed): none was credited; an admin decides.
 */
export const flaggedDepositRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.admin));
  const audited = auditor(db, now);

  app.get('/deposits/flagged', async (request) =>
    audited(request.user.msisdn, { action: 'DEPOSITS.READ', target: 'flagged' }, async () =>
      (await flaggedDeposits(db)).map((d) => ({
        ...depositView(d),
        msisdn: d.msisdn,
        flag: d.flag,
        reportedAmount: d.flaggedAmountCents === null ? null : d.flaggedAmountCents / 100,
      })),
    ),
  );
};
