// POST /api/protected/change-password (CONTRACTS.md "Wallet, subscription and account API"): the old
// password is checked with the argon2 hasher, the new one must pass the shared compliance rule, and every
// other sign-in session of the user ends (their refresh tokens are revoked; this one stays signed in).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { isPasswordCompliant } from '../../machines/rules/password.ts';
import { ChangePasswordBody, PasswordChanged } from '../../machines/wire/account.ts';
import type { Database } from '../db/index.ts';
import { ErrorResponse, errorBody } from '../errors.ts';
import type { PasswordHasher } from './passwords.ts';
import type { TokenService } from './tokens.ts';
import { findUserById, setPassword } from './users.ts';

export interface AccountRoutesOptions {
  db: Kysely<Database>;
  hasher: PasswordHasher;
  tokens: TokenService;
  now: () => Date;
}

export const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (app, o) => {
  app.post(
    '/change-password',
    { schema: { body: ChangePasswordBody, response: { 200: PasswordChanged, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const { oldPassword, newPassword } = request.body;
      // The cheap check first: a non-compliant password costs no hashing.
      if (!isPasswordCompliant(newPassword)) {
        return reply.code(400).send(errorBody(400, 'PASSWORD.NOT_COMPLIANT'));
      }
      const user = await findUserById(o.db, request.user.sub);
      if (!user || !(await o.hasher.verify(user.passwordHash, oldPassword))) {
        return reply.code(400).send(errorBody(400, 'PASSWORD.WRONG_OLD'));
      }
      const passwordHash = await o.hasher.hash(newPassword);
      const now = o.now();
      await o.db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, passwordHash, now);
        await o.tokens.revokeUser(trx, user.id, now, request.user.sid);
      });
      return true;
    },
  );
};
