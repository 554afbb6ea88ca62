// Group play's routes (DESIGN.md "Group play (mokhatlo)"): under /api/protected (bearer) create, the
// members' view, my groups and buying shares; under /api/public the view anyone with the code sees.
// An unknown code is 404 GROUP.UNKNOWN on every route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdempotencyHeaders } from '../../machines/wire/fields.ts';
import {
  BuySharesBody,
  CreateGroupBody,
  GroupCodeParams,
  GroupCreated,
  GroupMemberView,
  GroupPublic,
  MyGroupsResponse,
  SharesBought,
} from '../../machines/wire/groups.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { answerIdempotent } from '../idempotency/idempotency.ts';
import { isUniqueViolation } from '../play/betslips.ts';
import { buyShares } from './buy.ts';
import { createGroup } from './create.ts';
import type { GroupDeps } from './deps.ts';
import { GROUP_CODE } from './rules.ts';
import { findByCode, type Group } from './store.ts';
import { memberView, myGroups, publicView } from './views.ts';

async function known(deps: GroupDeps, code: string): Promise<Group> {
  const group = GROUP_CODE.test(code) ? await findByCode(deps.db, code) : undefined;
  if (!group) throw new ApiError(404, 'GROUP.UNKNOWN');
  return group;
}

/** A request that took over an abandoned key may race the original to a unique row: answer as it did. */
async function once<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return run();
  }
}

export const protectedGroupRoutes: FastifyPluginAsyncTypebox<GroupDeps> = async (app, deps) => {
  app.post(
    '/groups',
    {
      schema: {
        body: CreateGroupBody,
        headers: IdempotencyHeaders,
        response: { 201: GroupCreated, '4xx': ErrorResponse },
      },
    },
    async (request, reply) =>
      answerIdempotent(request, reply, (key) =>
        once(() => createGroup(deps, request.user.msisdn, request.body, key)),
      ),
  );

  app.get(
    '/groups/:code',
    { schema: { params: GroupCodeParams, response: { 200: GroupMemberView, '4xx': ErrorResponse } } },
    async (request) => {
      const group = await known(deps, request.params.code);
      const view = await memberView(deps.db, group, request.user.msisdn);
      if (!view) throw new ApiError(403, 'GROUP.NOT_MEMBER');
      return view;
    },
  );

  app.get('/my-groups', { schema: { response: { 200: MyGroupsResponse } } }, async (request) =>
    myGroups(deps.db, request.user.msisdn),
  );

  app.post(
    '/groups/:code/shares',
    {
      schema: {
        params: GroupCodeParams,
        body: BuySharesBody,
        headers: IdempotencyHeaders,
        response: { 200: SharesBought, '4xx': ErrorResponse },
      },
    },
    async (request, reply) =>
      answerIdempotent(request, reply, (key) =>
        once(() => buyShares(deps, request.user.msisdn, request.params.code, request.body, key)),
      ),
  );
};

export const publicGroupRoutes: FastifyPluginAsyncTypebox<GroupDeps> = async (app, deps) => {
  app.get(
    '/groups/:code',
    { schema: { params: GroupCodeParams, response: { 200: GroupPublic, '4xx': ErrorResponse } } },
    async (request) => publicView(await known(deps, request.params.code)),
  );
};
