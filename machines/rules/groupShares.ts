// Group play (DESIGN.md "Group play"): what a share costs, in whole cents. A share is the slip's price ÷
// shares, rounded down to the cent; the captain's first share also pays the cents that rounding leaves, so
// a full group's escrow holds exactly the slip's price. Shared by the captain's preview and the server.

export const MIN_GROUP_SHARES = 2;
export const MAX_GROUP_SHARES = 100;
/** A group's name, as typed (trimmed): 1 to 40 characters. */
export const MAX_GROUP_NAME = 40;

export interface SharePrice {
  /** What one share costs (cents). */
  shareCents: number;
  /** The cents flooring leaves (0 … shares − 1), paid with the captain's first share. */
  remainderCents: number;
}

/** The share price of a slip costing `slipCents` split into `shares`. */
export function sharePrice(slipCents: number, shares: number): SharePrice {
  const shareCents = Math.floor(slipCents / shares);
  return { shareCents, remainderCents: slipCents - shareCents * shares };
}

/** What the captain pays for `captainShares` shares (the remainder with the first). */
export const captainCents = (slipCents: number, shares: number, captainShares: number): number => {
  const { shareCents, remainderCents } = sharePrice(slipCents, shares);
  return shareCents * captainShares + remainderCents;
};

/** What a member pays for `count` shares at `sharePriceM` (the wire's M): whole cents, no float drift. */
export const sharesCents = (sharePriceM: number, count: number): number =>
  Math.round(sharePriceM * 100) * count;

export type GroupFormProblem = 'NAME' | 'SHARES' | 'CAPTAIN_SHARES' | 'TOO_CHEAP';

/**
 * Why a captain's group cannot be opened as typed, or null: a name, 2–100 shares, the captain buying 1 to
 * all of them, and a share worth at least a cent.
 */
export function groupFormProblem(form: {
  name: string;
  shares: number;
  captainShares: number;
  slipCents: number;
}): GroupFormProblem | null {
  const name = form.name.trim();
  if (name.length === 0 || name.length > MAX_GROUP_NAME) return 'NAME';
  const { shares, captainShares } = form;
  if (!Number.isInteger(shares) || shares < MIN_GROUP_SHARES || shares > MAX_GROUP_SHARES) return 'SHARES';
  if (!Number.isInteger(captainShares) || captainShares < 1 || captainShares > shares)
    return 'CAPTAIN_SHARES';
  if (sharePrice(form.slipCents, shares).shareCents < 1) return 'TOO_CHEAP';
  return null;
}

/** Shares left to buy; never negative. */
export const sharesLeft = (g: { shares: number; sold: number }): number => Math.max(0, g.shares - g.sold);
