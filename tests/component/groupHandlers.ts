// Group play fixtures and msw handlers (DESIGN.md "Group play"), answering as the contract says.
import { HttpResponse, http } from 'msw';
import type { MemberGroup, PublicGroup } from '../../src/api/groups';
import { server } from './msw';

export const CODE = '123456';
const P = '/api/protected';

/** A 3-share group on a M 2.00 slip: M 0.66 a share, the captain's share sold. */
export function publicGroup(patch: Partial<PublicGroup> = {}): PublicGroup {
  return {
    code: CODE,
    name: 'Ba Maseru',
    sid: 'J14-0042',
    sharePrice: 0.66,
    shares: 3,
    sold: 1,
    status: 'OPEN',
    closesAt: '2030-05-04T10:00:00Z',
    ...patch,
  };
}

export function memberGroup(patch: Partial<MemberGroup> = {}): MemberGroup {
  return {
    ...publicGroup(),
    predictions: Array.from({ length: 14 }, (_, i) => (i === 0 ? 13 : 1)),
    systemId: null,
    price: 2,
    members: [
      { msisdnMasked: '266 5xxx xx01', shares: 1, captain: true, won: null },
      { msisdnMasked: '266 5xxx xx02', shares: 2, captain: false, won: null },
    ],
    myShares: 2,
    captain: false,
    unsold: 'CANCEL',
    receipt: null,
    winnings: null,
    ...patch,
  };
}

export const refusal = (status: number, messageKey: string) =>
  HttpResponse.json({ messageKey, message: messageKey }, { status });

/** The group's reads: public always; the member view as `member()` answers (a refusal for non-members). */
export function serveGroup(
  member: () => Response = () => refusal(403, 'GROUP.NOT_MEMBER'),
  pub: () => Response = () => HttpResponse.json(publicGroup()),
) {
  const reads = { public: 0, member: 0 };
  server.use(
    http.get(`/api/public/groups/${CODE}`, () => {
      reads.public++;
      return pub();
    }),
    http.get(`${P}/groups/${CODE}`, () => {
      reads.member++;
      return member();
    }),
  );
  return reads;
}
