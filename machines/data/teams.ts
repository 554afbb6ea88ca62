// The team catalogue: real-looking tournaments and clubs, shared by the demo seed (server/demo) and the
// round builder. Logos are our own simple badges bundled under public/logos (never club crests, never
// external URLs), named by slug.

export interface DemoTeam {
  name: string;
  slug: string;
  /** Badge colours: background, text. */
  colors: [string, string];
}

export interface DemoTournament {
  name: string;
  /** How many of the 14 matches come from this tournament. */
  matches: number;
  teams: DemoTeam[];
}

const t = (name: string, slug: string, bg: string, fg: string): DemoTeam => ({
  name,
  slug,
  colors: [bg, fg],
});

export const TOURNAMENTS: DemoTournament[] = [
  {
    name: 'Vodacom Premier League Lesotho',
    matches: 3,
    teams: [
      t('Bantu FC', 'bantu-fc', '#0b5d1e', '#ffd200'),
      t('Matlama FC', 'matlama-fc', '#1c3f94', '#ffffff'),
      t('LCS', 'lcs', '#111111', '#e5e5e5'),
      t('Lioli FC', 'lioli-fc', '#7a1020', '#ffffff'),
      t('Linare FC', 'linare-fc', '#d35400', '#ffffff'),
      t('Lesotho Defence Force', 'lesotho-defence-force', '#4b5320', '#f2f2f2'),
    ],
  },
  {
    name: 'Premier League',
    matches: 3,
    teams: [
      t('Arsenal', 'arsenal', '#db0007', '#ffffff'),
      t('Chelsea', 'chelsea', '#034694', '#ffffff'),
      t('Liverpool', 'liverpool', '#c8102e', '#f6eb61'),
      t('Manchester City', 'manchester-city', '#6cabdd', '#1c2c5b'),
      t('Manchester United', 'manchester-united', '#da291c', '#fbe122'),
      t('Tottenham Hotspur', 'tottenham-hotspur', '#132257', '#ffffff'),
      t('Newcastle United', 'newcastle-united', '#241f20', '#ffffff'),
      t('Aston Villa', 'aston-villa', '#670e36', '#95bfe5'),
    ],
  },
  {
    name: 'La Liga',
    matches: 2,
    teams: [
      t('Real Madrid', 'real-madrid', '#febe10', '#00529f'),
      t('FC Barcelona', 'fc-barcelona', '#a50044', '#edbb00'),
      t('Atlético Madrid', 'atletico-madrid', '#cb3524', '#ffffff'),
      t('Sevilla FC', 'sevilla-fc', '#f43333', '#ffffff'),
      t('Real Sociedad', 'real-sociedad', '#0067b1', '#ffffff'),
      t('Villarreal CF', 'villarreal-cf', '#ffe667', '#005187'),
    ],
  },
  {
    name: 'Serie A',
    matches: 2,
    teams: [
      t('Juventus', 'juventus', '#000000', '#ffffff'),
      t('Inter', 'inter', '#010e80', '#ffffff'),
      t('AC Milan', 'ac-milan', '#fb090b', '#000000'),
      t('Napoli', 'napoli', '#12a0d7', '#ffffff'),
      t('AS Roma', 'as-roma', '#8e1f2f', '#f0bc42'),
      t('Lazio', 'lazio', '#87d8f7', '#15366f'),
    ],
  },
  {
    name: 'Bundesliga',
    matches: 2,
    teams: [
      t('Bayern München', 'bayern-munchen', '#dc052d', '#ffffff'),
      t('Borussia Dortmund', 'borussia-dortmund', '#fde100', '#000000'),
      t('RB Leipzig', 'rb-leipzig', '#dd0741', '#ffffff'),
      t('Bayer Leverkusen', 'bayer-leverkusen', '#e32221', '#000000'),
      t('VfB Stuttgart', 'vfb-stuttgart', '#ffffff', '#e32219'),
      t('Eintracht Frankfurt', 'eintracht-frankfurt', '#000000', '#e1000f'),
    ],
  },
  {
    name: 'CAF Champions League',
    matches: 2,
    teams: [
      t('Al Ahly', 'al-ahly', '#c8102e', '#ffffff'),
      t('Mamelodi Sundowns', 'mamelodi-sundowns', '#ffd100', '#00843d'),
      t('Espérance de Tunis', 'esperance-de-tunis', '#c8102e', '#ffd100'),
      t('Wydad AC', 'wydad-ac', '#d71920', '#ffffff'),
      t('TP Mazembe', 'tp-mazembe', '#000000', '#ffffff'),
      t('Orlando Pirates', 'orlando-pirates', '#000000', '#ffffff'),
    ],
  },
];

/** Bundled logo path for a team, as the API sends it. */
export const logoPath = (team: DemoTeam) => `/logos/${team.slug}.svg`;

/** All demo teams, for generating and checking the bundled logos. */
export const ALL_TEAMS: DemoTeam[] = TOURNAMENTS.flatMap((tournament) => tournament.teams);
