// How long a round's names may be: the admin wire schema refuses longer, and the round builder's inputs
// stop there, so an operator never types what the server will refuse.
export const ROUND_TEXT_LIMITS = { tournament: 80, team: 60 } as const;
