/**
 * The bank test's HTTP side: clients that send each request with its Idempotency-Key until it gets a
 * final answer — through a kill -9 (network errors wait for the restarted server), 409
 * IDEMPOTENCY.IN_PROGRESS (another attempt, or a claim the killed process left, holds the key) and 503
 * BILLING.UNAVAILABLE (not stored: the same key again) — and a log of every answer the server gave.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  body: Json;
  replayed: boolean;
}

/** One logical request: its route, body and key never change, however often it is sent. */
export interface Request {
  id: number;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: string;
  /** Makes the body when the request is first sent (a slip is filled in for the betslip current then). */
  build?: () => string;
  key?: string;
  /** Every final answer this request got (first run, concurrent duplicate, later resends, end replay). */
  finals: Answer[];
}

/** Counts of every answer, by status and message key, plus network errors. */
export class AnswerLog {
  readonly byStatus = new Map<string, number>();
  network = 0;
  readonly serverErrors: Array<{ label: string; status: number; body: Json }> = [];

  record(label: string, answer: Answer): void {
    const name = `${answer.status} ${String(answer.body.messageKey ?? '')}`.trim();
    this.byStatus.set(name, (this.byStatus.get(name) ?? 0) + 1);
    // 503 BILLING.UNAVAILABLE is the contract's answer to a silent operator; anything else 5xx is a bug.
    if (answer.status >= 500 && answer.body.messageKey !== 'BILLING.UNAVAILABLE') {
      this.serverErrors.push({ label, status: answer.status, body: answer.body });
    }
  }

  total(): number {
    let n = this.network;
    for (const count of this.byStatus.values()) n += count;
    return n;
  }

  summary(): string {
    const rows = [...this.byStatus.entries()].sort((a, b) => b[1] - a[1]);
    return [...rows.map(([k, v]) => `${k}: ${v}`), `network errors: ${this.network}`].join(', ');
  }
}

/** At most `limit` requests in flight; waiting for a retry does not hold a slot. */
export class Semaphore {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}

/** The server as the clients see it: its URL, and a gate closed while it is down. */
export class ServerGate {
  url: string;
  #down: Promise<void> | null = null;
  #open: (() => void) | null = null;

  constructor(url: string) {
    this.url = url;
  }

  close(): void {
    if (this.#down) return;
    this.#down = new Promise((resolve) => {
      this.#open = resolve;
    });
  }

  open(url: string): void {
    this.url = url;
    this.#open?.();
    this.#down = null;
    this.#open = null;
  }

  get down(): boolean {
    return this.#down !== null;
  }

  /** Resolves at once while up; otherwise when the server is back (or after a short pause). */
  async ready(): Promise<void> {
    if (this.#down) await this.#down;
    else await sleep(100);
  }
}

export interface ClientOptions {
  gate: ServerGate;
  log: AnswerLog;
  limit: Semaphore;
  /** Give up (and fail the test) when a request has no final answer by then (epoch ms). */
  deadline: () => number;
  /** Requests waiting to be sent again, with why (for progress lines). */
  waiting?: Map<Request, string>;
}

/** The answer to one attempt, or 'network' when the connection failed or was cut. */
export async function attempt(options: ClientOptions, request: Request): Promise<Answer | 'network'> {
  return options.limit.run(async () => {
    if (request.body === undefined && request.build) request.body = request.build();
    try {
      const res = await fetch(options.gate.url + request.path, {
        method: request.method,
        headers: {
          authorization: `Bearer ${request.token}`,
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(request.key ? { 'idempotency-key': request.key } : {}),
        },
        body: request.body,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let body: Json;
      try {
        body = text ? (JSON.parse(text) as Json) : {};
      } catch {
        body = { text };
      }
      const answer = {
        status: res.status,
        body,
        replayed: res.headers.get('idempotent-replayed') === 'true',
      };
      options.log.record(request.label, answer);
      return answer;
    } catch {
      options.log.network += 1;
      return 'network';
    }
  });
}

/** Whether an answer is one to try again (with the same key): not final. */
export const retryable = (answer: Answer) =>
  answer.status === 503 || (answer.status === 409 && answer.body.messageKey === 'IDEMPOTENCY.IN_PROGRESS');

/** Sends `request` until it has a final answer, which is recorded in `request.finals` and returned. */
export async function untilFinal(options: ClientOptions, request: Request): Promise<Answer> {
  for (let tries = 1; ; tries++) {
    const answer = await attempt(options, request);
    if (answer !== 'network' && !retryable(answer)) {
      options.waiting?.delete(request);
      request.finals.push(answer);
      return answer;
    }
    options.waiting?.set(
      request,
      answer === 'network' ? 'network' : `${answer.status} ${answer.body.messageKey}`,
    );
    if (Date.now() > options.deadline()) {
      const last = answer === 'network' ? 'network error' : `${answer.status} ${answer.body.messageKey}`;
      throw new Error(
        `${request.label} (key ${request.key}) has no final answer after ${tries} tries: ${last}`,
      );
    }
    if (answer === 'network') await options.gate.ready();
    else await sleep(answer.status === 503 ? 150 : 400);
  }
}
