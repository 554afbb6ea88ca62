// Sends one web push message (RFC 8030/8291/8292): web-push builds the encrypted aes128gcm body and the
// VAPID headers, fetch delivers them. fetch rather than web-push's own https.request so a delivery has an
// overall timeout, never follows a redirect, and can reach a plain-http push service on this machine
// (local test endpoints; production accepts only https endpoints, see isAcceptableEndpoint).
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { VapidKeys } from './vapid.ts';

/** What the service worker shows (CONTRACTS.md "PWA, push and version API"). */
export interface PushPayload {
  title: string;
  body: string;
  url: '/play' | '/results';
  tag: string;
}

export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** 'gone': the push service no longer knows the subscription (404/410); drop it. */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** The small interface the notifier needs; tests may swap in a recorder. */
export interface PushSender {
  send(subscription: WebPushSubscription, payload: PushPayload): Promise<PushOutcome>;
}

export interface WebPushSenderOptions {
  vapid: VapidKeys;
  subject: string;
  /** Whole-request timeout; a slow push service must not hold a reminder run. */
  timeoutMs?: number;
  /** How long the push service keeps an undelivered message, in seconds. */
  ttlSeconds?: number;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Endpoints the server will POST to: https anywhere, and (outside production) plain http to this machine
 * only, for a local push service. Anything else would let a subscriber aim our requests at arbitrary URLs.
 */
export function isAcceptableEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return !(production && LOOPBACK.has(url.hostname));
  return !production && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/**
 * The Topic header (RFC 8030 §5.4, at most 32 base64url characters) for a notice's tag: a push service
 * replaces a message still waiting for the phone with a newer one of the same topic, so a notice sent
 * again (a retried job) does not arrive twice on a phone that was offline.
 */
export const topicOf = (tag: string): string =>
  createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(subscription, payload) {
      const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
        vapidDetails: { subject: options.subject, ...options.vapid },
        contentEncoding: 'aes128gcm',
        TTL: options.ttlSeconds ?? 24 * 3600,
        urgency: 'normal',
        topic: topicOf(payload.tag),
      });
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The answer carries nothing we need; read it so the connection is released.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) return 'gone';
      return res.status >= 200 && res.status < 300 ? 'delivered' : 'failed';
    },
  };
}
