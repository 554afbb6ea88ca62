// The M-Pesa session an adapter instance shares between its calls. A new session is refused until it is
// live (the provider needs ~30 s to propagate it), so callers wait for that; it is renewed before it
// expires, or once when the provider refuses it. Concurrent callers share one getSession (single flight).
import { sleep } from '../types.ts';

export interface Session {
  id: string;
  createdAt: number;
}

/** getSession was refused or could not be made: the payment was never sent. */
export class SessionError extends Error {
  constructor(
    message: string,
    readonly providerCode: string | null,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

export interface SessionTimes {
  liveMs: number;
  ttlMs: number;
  now: () => number;
}

export class SessionCache {
  private current: Session | null = null;
  private opening: Promise<Session> | null = null;

  constructor(
    private readonly open: () => Promise<string>,
    private readonly times: SessionTimes,
  ) {}

  /** A live session, opening or renewing one as needed. Throws SessionError. */
  async live(): Promise<Session> {
    const session = await this.fresh();
    const wait = session.createdAt + this.times.liveMs - this.times.now();
    if (wait > 0) await sleep(wait);
    return session;
  }

  /** A session that has not expired (live or not): what a preflight checks. */
  fresh(): Promise<Session> {
    const current = this.current;
    if (current && !this.expiring(current)) return Promise.resolve(current);
    return this.renew(current);
  }

  /** Replaces `stale` unless another caller already did. */
  renew(stale: Session | null): Promise<Session> {
    if (this.current && this.current !== stale && !this.expiring(this.current)) {
      return Promise.resolve(this.current);
    }
    if (!this.opening) {
      this.opening = this.open()
        .then((id) => {
          // Counted from the answer: the provider created it no later than that.
          this.current = { id, createdAt: this.times.now() };
          return this.current;
        })
        .finally(() => {
          this.opening = null;
        });
    }
    return this.opening;
  }

  // Renewed a margin before the provider's TTL so a call in flight does not cross the expiry.
  private expiring(session: Session) {
    const margin = Math.min(60_000, this.times.ttlMs / 10);
    return this.times.now() - session.createdAt >= this.times.ttlMs - margin;
  }
}
