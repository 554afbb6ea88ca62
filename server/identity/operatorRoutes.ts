// The operator-account API (CONTRACTS.md "Operator accounts"). Admins list, add, disable and reset the
// passwords of operators under /api/admin/operators (every action and read audited). An operator whose
// password an admin chose changes it, before anything else, with POST /api/web-registration/operator-password
// (website client, as registration): the old password proves who asks, under the sign-in's brute-force
// limits, since it is one more place a password is checked.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isPasswordCompliant } from '../../machines/rules/password.ts';
import { ROLES } from '../../machines/rules/roles.ts';
import { Done } from '../../machines/wire/identity.ts';
import {
  NewOperatorBody,
  Operator,
  OperatorParams,
  OperatorPasswordBody,
  Operators,
  OwnPasswordBody,
} from '../../machines/wire/operators.ts';
import { audit } from '../audit/audit.ts';
import { unwrap } from '../audit/outcome.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import {
  admitOrRefuse,
  forgiveSignIn,
  type LoginLimits,
  pruneSignInLimits,
  refuseOverAddress,
} from './loginLimits.ts';
import { addOperator, disableOperator, listOperators, setOperatorPassword } from './operators.ts';
import type { PasswordHasher } from './passwords.ts';
import { requireRole } from './protect.ts';
import { REGISTRATION_PREFIX, requireWebsiteClient } from './registrationRoutes.ts';
import { canonicalUsername, findUserByUsername } from './users.ts';

export interface OperatorRoutesOptions {
  db: Kysely<Database>;
  hasher: PasswordHasher;
  now: () => Date;
  loginLimits: LoginLimits;
  websiteSecret: string;
}

const errors = { '4xx': ErrorResponse };
const tooMany = () => new ApiError(429, 'AUTH.TOO_MANY_ATTEMPTS');

/** /api/admin/operators: admins only (401 without a token, 403 AUTH.FORBIDDEN without the role). */
const adminOperatorRoutes: FastifyPluginAsyncTypebox<OperatorRoutesOptions> = async (app, o) => {
  app.addHook('onRequest', requireRole(ROLES.admin));
  const change = (actor: string) => ({ actor, at: o.now() });

  app.get('/operators', { schema: { response: { 200: Operators } } }, async (request) => {
    const list = await listOperators(o.db);
    await audit(o.db, { actor: request.user.msisdn, action: 'OPERATORS.LIST', target: 'operators' }, o.now());
    return list;
  });

  // An admin chose this password, so its owner must change it at first sign-in.
  app.post(
    '/operators',
    { schema: { body: NewOperatorBody, response: { 201: Operator, ...errors } } },
    async (request, reply) => {
      const { username, role, password } = request.body;
      const added = await addOperator(
        o.db,
        o.hasher,
        { username, role, password, mustChangePassword: true },
        change(request.user.msisdn),
      );
      return reply.code(201).send(unwrap(added));
    },
  );

  app.post(
    '/operators/:username/disable',
    { schema: { params: OperatorParams, response: { 200: Operator, ...errors } } },
    async (request) =>
      unwrap(await disableOperator(o.db, request.params.username, change(request.user.msisdn))),
  );

  // A reset: the operator changes it again at the next sign-in.
  app.post(
    '/operators/:username/password',
    {
      schema: { params: OperatorParams, body: OperatorPasswordBody, response: { 200: Operator, ...errors } },
    },
    async (request) => {
      const target = { username: request.params.username, password: request.body.password, mustChange: true };
      return unwrap(await setOperatorPassword(o.db, o.hasher, target, change(request.user.msisdn)));
    },
  );
};

/** POST /api/web-registration/operator-password: the operator's own password, proven by the old one. */
const ownPasswordRoutes: FastifyPluginAsyncTypebox<OperatorRoutesOptions> = async (app, o) => {
  app.addHook('onRequest', requireWebsiteClient(o.websiteSecret));

  app.post(
    '/operator-password',
    {
      schema: {
        body: OwnPasswordBody,
        response: { 200: Done, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const { oldPassword, newPassword } = request.body;
      // The cheap checks first: they cost no hashing and no sign-in attempt.
      if (!isPasswordCompliant(newPassword)) throw new ApiError(400, 'PASSWORD.NOT_COMPLIANT');
      if (newPassword === oldPassword) throw new ApiError(400, 'PASSWORD.SAME_AS_OLD');
      const name = canonicalUsername(request.body.username);
      const now = o.now();
      const attempt = await admitOrRefuse(o, reply, { username: name, address: request.ip, now }, tooMany);
      // An operator has no phone to prove a step-up with: over the address's limit this stays refused
      // (the attempt counted, as every one over it is).
      if (attempt.overAddressLimit) {
        await pruneSignInLimits(o.db, o.loginLimits.policy, now);
        throw refuseOverAddress(reply, now, tooMany);
      }
      const user = await findUserByUsername(o.db, name);
      if (!user) await o.hasher.burn(oldPassword);
      const proven = user ? await o.hasher.verify(user.passwordHash, oldPassword) : false;
      // Subscribers change theirs while signed in; a disabled operator has nothing to set up. Both are
      // answered as a wrong password, so this route tells a stranger nothing about an account.
      if (!user || !proven || user.msisdn !== null || user.disabledAt) {
        if (!proven) await pruneSignInLimits(o.db, o.loginLimits.policy, now);
        throw new ApiError(401, 'AUTH.INVALID_CREDENTIALS');
      }
      await forgiveSignIn(o.db, attempt);
      const changed = await setOperatorPassword(
        o.db,
        o.hasher,
        { username: user.username, password: newPassword, mustChange: false },
        { actor: user.username, at: now },
        'OPERATOR.PASSWORD_CHANGED',
      );
      unwrap(changed);
      request.log.info({ username: user.username }, 'operator password changed');
      return { message: 'PASSWORD.CHANGED' };
    },
  );
};

/**
 * Registers both (from the identity plugin, which holds the hasher and the sign-in limits): the admin
 * routes in a scope of their own that checks the bearer token first, as /api/admin does elsewhere.
 */
export async function registerOperatorRoutes(app: FastifyInstance, options: OperatorRoutesOptions) {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', app.authenticate);
      await scope.register(adminOperatorRoutes, options);
    },
    { prefix: '/api/admin' },
  );
  await app.register(ownPasswordRoutes, { ...options, prefix: REGISTRATION_PREFIX });
}
