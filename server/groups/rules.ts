// Group play's rules (DESIGN.md "Group play (mokhatlo)"), pure: what a share costs, what the close does
// with a group, and how a prize is split. All money in integer cents.
import { randomInt } from 'node:crypto';
import type { UnsoldRule } from '../db/groupTables.ts';

export const MIN_SHARES = 2;
export const MAX_SHARES = 100;

/** Six digits, so any keypad can type them. */
export const GROUP_CODE = /^\d{6}$/;

export const newGroupCode = (): string => String(randomInt(1_000_000)).padStart(6, '0');

/** The ledger account that holds a group's money until its close (a wallet_moves account). */
export const escrowAccount = (groupId: string): string => `escrow:${groupId}`;

/**
 * A share costs the slip's price ÷ shares, rounded down to the cent; the cents that leaves are paid with
 * the captain's first share, so the escrow of a full group holds exactly the slip's price.
 */
export function sharePricing(priceCents: number, shares: number) {
  const sharePriceCents = Math.floor(priceCents / shares);
  return { sharePriceCents, extraCents: priceCents - sharePriceCents * shares };
}

/** What `count` shares cost; `withExtra` for the purchase that holds the captain's first share. */
export const sharesCost = (sharePriceCents: number, count: number, extraCents: number, withExtra: boolean) =>
  sharePriceCents * count + (withExtra ? extraCents : 0);

export type CloseAction = 'SUBMIT' | 'COVER' | 'CANCEL';

/** What the close does with an open group: a full one is played; an unfull one follows its rule. */
export function closeAction(group: { sold: number; shares: number; unsold: UnsoldRule }): CloseAction {
  if (group.sold >= group.shares) return 'SUBMIT';
  return group.unsold === 'CAPTAIN_COVERS' ? 'COVER' : 'CANCEL';
}

export interface PrizeSplit {
  /** Each share's part, rounded down to the cent. */
  perShareCents: number;
  /** The cents flooring leaves: the captain's. */
  remainderCents: number;
  /** Member → what they get (the captain's includes the remainder), in the members' order. */
  payouts: Array<{ msisdn: string; shares: number; amountCents: number; remainderCents: number }>;
}

/** Splits a prize by shares to the cent: floor per share, the cents left over to the captain. */
export function splitPrize(
  amountCents: number,
  members: ReadonlyArray<{ msisdn: string; shares: number }>,
  captain: string,
): PrizeSplit {
  const shares = members.reduce((sum, m) => sum + m.shares, 0);
  if (shares <= 0) throw new Error('a prize split needs shares');
  const perShareCents = Math.floor(amountCents / shares);
  const remainderCents = amountCents - perShareCents * shares;
  const payouts = members.map((m) => {
    const extra = m.msisdn === captain ? remainderCents : 0;
    return {
      msisdn: m.msisdn,
      shares: m.shares,
      amountCents: perShareCents * m.shares + extra,
      remainderCents: extra,
    };
  });
  if (remainderCents > 0 && !payouts.some((p) => p.remainderCents > 0)) {
    throw new Error('the captain holds no share of the group');
  }
  return { perShareCents, remainderCents, payouts };
}
