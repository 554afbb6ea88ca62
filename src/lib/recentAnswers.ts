// Answers a screen read recently, kept across its visits while the page lives: back on /play a few
// seconds after leaving it, the testimonials and the slips of the round cannot have moved, and reading
// them again costs a subscriber about 2 KB each, mostly the request's headers (docs/PERFORMANCE.md
// "Data cost"). Each reader decides how old an answer may be; a person's answers are keyed by their user.

export interface Kept<T> {
  /** When the answer came (Date.now()). */
  at: number;
  value: T;
}

const answers = new Map<string, Kept<unknown>>();

/** The answer kept under `key` if it came less than `maxAgeMs` ago. */
export function recentAnswer<T>(key: string, maxAgeMs: number): Kept<T> | undefined {
  const kept = answers.get(key) as Kept<T> | undefined;
  return kept && Date.now() - kept.at < maxAgeMs ? kept : undefined;
}

/** Keeps `value` as the answer under `key`, as of now. */
export function keepAnswer<T>(key: string, value: T): Kept<T> {
  const kept = { at: Date.now(), value };
  answers.set(key, kept);
  return kept;
}

/** Forgets every answer kept under a key starting with `prefix` (they are known to have moved). */
export function forgetAnswers(prefix: string): void {
  for (const key of answers.keys()) if (key.startsWith(prefix)) answers.delete(key);
}

/** Forgets every kept answer (tests; a new page starts empty anyway). */
export function forgetRecentAnswers(): void {
  answers.clear();
}
