// Live pick shares (DESIGN.md "Systems and pick shares"): for each match of an open round, the share of
// rows picking home, draw and away so far. Answered from memory: each instance refreshes a round's
// answer at most once per PICK_SHARES_REFRESH_MS of server time, from pick_share_counts — a few shard
// rows per round that every submission adds its rows' picks to in its own statement (receipts.ts), so a
// refresh reads a handful of rows, never the slips. Hidden below PICK_SHARES_MIN_ROWS rows, so that
// nobody's picks can be inferred from a small round.
import type { Kysely } from 'kysely';
import type { PickShares } from '../../machines/wire/play.ts';
import type { Database } from '../db/index.ts';

/** How often an instance reads a round's counts again, at most (server time). */
export const PICK_SHARES_REFRESH_MS = 60_000;
/** Fewer rows than this so far: the shares are hidden. */
export const PICK_SHARES_MIN_ROWS = 100;
/** Rounds kept in memory at once (the current one is asked for; older ones rarely). */
const KEPT = 32;

interface Entry {
  /** Server time of the read (ms). */
  at: number;
  /** The answer serialised once; null: no such published round. */
  json: string | null;
}

/** Percent of `rows`, one decimal. */
const percent = (n: number, rows: number) => Math.round((n / rows) * 1000) / 10;

/** The answer for round `sid` from its shard rows (counts per match, index = position − 1). */
export function pickSharesOf(
  sid: string,
  shards: ReadonlyArray<{ rows: unknown; home: unknown[]; draw: unknown[]; away: unknown[] }>,
  at: Date,
): PickShares {
  let rows = 0;
  const totals: Array<{ home: number; draw: number; away: number }> = [];
  for (const shard of shards) {
    rows += Number(shard.rows);
    shard.home.forEach((_, i) => {
      const t = totals[i] ?? { home: 0, draw: 0, away: 0 };
      totals[i] = t;
      t.home += Number(shard.home[i]);
      t.draw += Number(shard.draw[i]);
      t.away += Number(shard.away[i]);
    });
  }
  if (rows < PICK_SHARES_MIN_ROWS) return { sid, rows, hidden: true };
  return {
    sid,
    rows,
    updatedAt: at.toISOString(),
    matches: totals.map((t, i) => ({
      position: i + 1,
      home: percent(t.home, rows),
      draw: percent(t.draw, rows),
      away: percent(t.away, rows),
    })),
  };
}

export class PickShareCache {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #refreshMs: number;
  readonly #entries = new Map<string, Entry>();
  /** Reads in flight: concurrent callers of one round share one. */
  readonly #reading = new Map<string, Promise<Entry>>();

  constructor(db: Kysely<Database>, now: () => Date, refreshMs = PICK_SHARES_REFRESH_MS) {
    this.#db = db;
    this.#now = now;
    this.#refreshMs = refreshMs;
  }

  /** Round `sid`'s answer as JSON, at most a refresh period old; null when no such round is published. */
  async json(sid: string): Promise<string | null> {
    const seen = this.#entries.get(sid);
    if (seen && this.#now().getTime() - seen.at < this.#refreshMs) return seen.json;
    const inFlight = this.#reading.get(sid);
    if (inFlight) return (await inFlight).json;
    const reading = this.#read(sid).finally(() => this.#reading.delete(sid));
    this.#reading.set(sid, reading);
    const entry = await reading;
    // Oldest first in insertion order: a re-read goes to the back.
    this.#entries.delete(sid);
    this.#entries.set(sid, entry);
    if (this.#entries.size > KEPT) this.#entries.delete(this.#entries.keys().next().value as string);
    return entry.json;
  }

  async #read(sid: string): Promise<Entry> {
    const at = this.#now();
    const rows = await this.#db
      .selectFrom('betslips as b')
      .leftJoin('pick_share_counts as c', 'c.betslip_sid', 'b.sid')
      .select(['b.status', 'c.rows', 'c.home', 'c.draw', 'c.away'])
      .where('b.sid', '=', sid)
      .execute();
    // A draft is nobody's business yet: as unknown as a sid that does not exist.
    if (rows.length === 0 || rows[0]!.status === 'DRAFT') return { at: at.getTime(), json: null };
    const shards = rows.flatMap((r) =>
      r.rows === null ? [] : [{ rows: r.rows, home: r.home ?? [], draw: r.draw ?? [], away: r.away ?? [] }],
    );
    return { at: at.getTime(), json: JSON.stringify(pickSharesOf(sid, shards, at)) };
  }
}
