// Group play (DESIGN.md "Group play"): open a group slip, read a group (anyone, or as a member), my
// groups, and buy shares. Creating and buying move money: each carries an Idempotency-Key, one per attempt
// (the caller keeps it across a retry whose answer was lost: src/hooks/useAttemptKey.ts).
import type {
  CreateGroupBody,
  GroupCreated,
  GroupMemberView as MemberGroup,
  MyGroup,
  GroupPublic as PublicGroup,
  SharesBought,
} from '../../machines/wire/groups';
import { apiGet, apiPost } from './http';

export type {
  CreateGroupBody,
  GroupCreated,
  GroupMemberView as MemberGroup,
  GroupPublic as PublicGroup,
  GroupStatus,
  MyGroup,
  SharesBought,
  UnsoldRule,
} from '../../machines/wire/groups';

const P = '/protected';
const code6 = (code: string) => encodeURIComponent(code);

export const createGroup = (body: CreateGroupBody, idempotencyKey: string): Promise<GroupCreated> =>
  apiPost<GroupCreated>(`${P}/groups`, body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** No sign-in: name, price per share, shares sold, status, close. */
export const getPublicGroup = (code: string, signal?: AbortSignal): Promise<PublicGroup> =>
  apiGet<PublicGroup>(`/public/groups/${code6(code)}`, { auth: 'none', signal });

/** A member's (or the captain's) view; anyone else is refused 403 GROUP.NOT_MEMBER. */
export const getGroup = (code: string, signal?: AbortSignal): Promise<MemberGroup> =>
  apiGet<MemberGroup>(`${P}/groups/${code6(code)}`, { signal });

export const myGroups = (signal?: AbortSignal): Promise<MyGroup[]> =>
  apiGet<MyGroup[]>(`${P}/my-groups`, { signal });

export const buyShares = (
  code: string,
  body: { count: number; lang: string },
  idempotencyKey: string,
): Promise<SharesBought> =>
  apiPost<SharesBought>(`${P}/groups/${code6(code)}/shares`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export type GroupView = { kind: 'member'; group: MemberGroup } | { kind: 'public'; group: PublicGroup };

/**
 * What /g/<code> shows: signed in, the member view, or the public one when the caller is not a member
 * (403); signed out, the public view. Other refusals (404 GROUP.UNKNOWN) are the screen's to say. A refresh
 * under way at start is waited for, so a signed-in visit is not taken for a visitor's.
 */
export async function readGroupView(
  code: string,
  session: { settled(): Promise<void>; isLoggedIn(): boolean },
  signal?: AbortSignal,
): Promise<GroupView> {
  await session.settled();
  if (session.isLoggedIn()) {
    try {
      return { kind: 'member', group: await getGroup(code, signal) };
    } catch (error) {
      if ((error as { status?: number }).status !== 403) throw error;
    }
  }
  return { kind: 'public', group: await getPublicGroup(code, signal) };
}
