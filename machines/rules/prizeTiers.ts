// The prize tiers a round may pay (correct picks out of 14), highest first: the banner's ticker order, the
// marketing and round-builder forms, the round rules and the server's schema all read this one list.

export const PRIZE_TIERS = [14, 13, 12, 7, 6] as const;

export type PrizeTier = (typeof PRIZE_TIERS)[number];
