import { config } from '../config';

/** A refusal or failure from the predictor service; `messageKey` is translated by the UI. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** True when the request never got an answer (offline, DNS, connection reset). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Where bearer calls get their token: the session service, handed over once at start-up. */
export interface TokenSource {
  /** The access token, or null when signed out. */
  token(): string | null;
  /** Resolves when no token refresh is under way, so a call waits for the token it is about to get. */
  settled?(): Promise<void>;
}
let tokenSource: TokenSource | null = null;

/**
 * Gives the API client the session to take bearer tokens from (the app does it once when it creates the
 * session). Until then, and after `null`, bearer calls go without a token.
 */
export function setTokenSource(source: TokenSource | null): void {
  tokenSource = source;
}

/** Sees every answer the predictor service gives (e.g. the server clock reads its Date header). */
export type ResponseListener = (res: Response, sentAt: number, receivedAt: number) => void;
const responseListeners = new Set<ResponseListener>();

/** Subscribes to every answer; returns the unsubscribe. */
export function onResponse(listener: ResponseListener): () => void {
  responseListeners.add(listener);
  return () => responseListeners.delete(listener);
}

type RequestOptions = {
  headers?: Record<string, string>;
  auth?: 'bearer' | 'website' | 'none';
  signal?: AbortSignal;
};

/** The only place that talks HTTP to the predictor service. Paths are relative to gamePredictorUrl. */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const auth = opts.auth ?? 'bearer';
  if (auth === 'website') headers.Authorization = `Basic ${config.websiteBasicKey}`;
  if (auth === 'bearer') {
    // At start-up, on resume or when the network returns an expired token is being refreshed: wait for it.
    await tokenSource?.settled?.();
    const token = tokenSource?.token();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let res: Response;
  const sentAt = Date.now();
  try {
    res = await fetch(`${config.gamePredictorUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (err) {
    throw new ApiError(0, 'ERRORS.NETWORK', err instanceof Error ? err.message : String(err));
  }
  const receivedAt = Date.now();
  for (const listener of responseListeners) listener(res, sentAt, receivedAt);
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const d = (data ?? {}) as { messageKey?: string; message?: string };
    throw new ApiError(res.status, d.messageKey ?? 'ERRORS.SERVER', d.message ?? res.statusText);
  }
  if (res.headers.get('X-From-Cache') && data instanceof Object)
    workerCopies.set(data, Date.parse(res.headers.get('Date') as string) || receivedAt);
  return data as T;
}

/** Answers the service worker gave from its cache (sw/sw.ts marks them), with the server's time of that copy. */
const workerCopies = new WeakMap<object, number>();

/** When `data` is the service worker's cached copy (offline, or a network slower than 3 s): its time (ms). */
export const workerCopyAt = (data: unknown): number | null => workerCopies.get(data as object) ?? null;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const apiGet = <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts);
export const apiPost = <T>(path: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('POST', path, body ?? {}, opts);
