// Systems and pick shares (DESIGN.md "Systems and pick shares"): the rule each round is settled by (rounds
// published before this migration keep 'SLIP', what they were sold under; every later one is 'ROWS'), a
// slip's reduced system and rows, the rows it won per tier (written at settlement, so reads do not
// recount), and the running pick counts of each round's rows that the pick-share read sums.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  ALTER TABLE betslips ADD COLUMN settlement_rule text NOT NULL DEFAULT 'SLIP'
    CHECK (settlement_rule IN ('SLIP', 'ROWS'))
  `,
  // Existing rows took 'SLIP' above; from now on a round is inserted as 'ROWS'. A draft is not published
  // yet, so it is sold (and settled) under the new rule.
  sql`ALTER TABLE betslips ALTER COLUMN settlement_rule SET DEFAULT 'ROWS'`,
  sql`UPDATE betslips SET settlement_rule = 'ROWS' WHERE status = 'DRAFT'`,
  sql`
  ALTER TABLE submissions
    ADD COLUMN system_id text,
    ADD COLUMN rows integer NOT NULL DEFAULT 1,
    ADD COLUMN winning_rows jsonb
  `,
  // An airtime stake writes its slip once charged: the system goes with it.
  sql`ALTER TABLE airtime_stakes ADD COLUMN system_id text`,
  // Every slip so far is a full one: its rows are the product of its picks per match (at most 3^14, exact
  // through exp/ln once rounded).
  sql`
  UPDATE submissions SET rows = coalesce(
    (SELECT round(exp(sum(ln(length(e->>'prediction')))))::integer
     FROM jsonb_array_elements(predictions) AS e
     WHERE jsonb_typeof(e->'prediction') = 'number' AND (e->>'prediction')::bigint > 0), 1)
  `,
  // Rows picking home, draw and away per match (1-based position p at index p), summed over a round's
  // slips. Each submission adds to one of a few shards chosen at random, so concurrent submissions rarely
  // wait on one another's row; the pick-share read sums the shards.
  sql`
  CREATE TABLE pick_share_counts (
    betslip_sid text NOT NULL REFERENCES betslips (sid),
    shard smallint NOT NULL,
    rows bigint NOT NULL,
    home bigint[] NOT NULL,
    draw bigint[] NOT NULL,
    away bigint[] NOT NULL,
    PRIMARY KEY (betslip_sid, shard)
  )
  `,
  // The open round's slips so far (full slips: each sign of a match is in rows ÷ its signs rows).
  sql`
  INSERT INTO pick_share_counts (betslip_sid, shard, rows, home, draw, away)
  SELECT per.betslip_sid, 0,
    (SELECT sum(s.rows) FROM submissions s WHERE s.betslip_sid = per.betslip_sid),
    array_agg(per.home ORDER BY per.pos), array_agg(per.draw ORDER BY per.pos), array_agg(per.away ORDER BY per.pos)
  FROM (
    SELECT s.betslip_sid, (e->>'betSlipPosition')::int AS pos,
      sum(CASE WHEN strpos(e->>'prediction', '1') > 0 THEN s.rows / length(e->>'prediction') ELSE 0 END) AS home,
      sum(CASE WHEN strpos(e->>'prediction', '3') > 0 THEN s.rows / length(e->>'prediction') ELSE 0 END) AS draw,
      sum(CASE WHEN strpos(e->>'prediction', '2') > 0 THEN s.rows / length(e->>'prediction') ELSE 0 END) AS away
    FROM submissions s
    JOIN betslips b ON b.sid = s.betslip_sid AND b.status = 'CURRENT',
    jsonb_array_elements(s.predictions) AS e
    GROUP BY s.betslip_sid, pos
  ) AS per
  GROUP BY per.betslip_sid
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE pick_share_counts`.execute(db);
  await sql`ALTER TABLE airtime_stakes DROP COLUMN system_id`.execute(db);
  await sql`ALTER TABLE submissions DROP COLUMN system_id, DROP COLUMN rows, DROP COLUMN winning_rows`.execute(
    db,
  );
  await sql`ALTER TABLE betslips DROP COLUMN settlement_rule`.execute(db);
}
