// EcoCash's notification of a charge's result, POSTed to the notifyUrl we gave it. EcoCash does not sign
// its notifications, so the caller is verified by the secret in that URL (compared in constant time)
// and/or by its address, before the body is even read: a bad one is 401 and changes nothing. With
// neither configured every notification is refused (status queries still settle payments).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import type { RailStatus } from '../types.ts';
import { isTransaction, readTransaction } from './protocol.ts';

export const ECOCASH_NOTIFY_PATH = '/api/providers/ecocash/notify';

export interface EcoCashNotifyOptions {
  secret?: string;
  /** Caller addresses allowed (request.ip, so the app's trustProxy decides); empty or absent = any. */
  allow?: string[];
  onResult: (reference: string, msisdn: string, status: RailStatus) => Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Equal digests of equal strings: a constant-time comparison whatever the lengths. */
const sameSecret = (given: unknown, expected: string) =>
  typeof given === 'string' && timingSafeEqual(digest(given), digest(expected));

function verified(request: FastifyRequest, opts: EcoCashNotifyOptions): boolean {
  const allow = opts.allow?.length ? opts.allow : undefined;
  if (!opts.secret && !allow) return false;
  if (opts.secret) {
    const query = request.query as Record<string, unknown> | undefined;
    if (!sameSecret(query?.secret, opts.secret)) return false;
  }
  return !allow || allow.includes(request.ip);
}

export const ecocashNotifyRoute: FastifyPluginAsync<EcoCashNotifyOptions> = async (app, opts) => {
  // Before the body is parsed, so an unverified caller cannot make us read (or 400) anything.
  app.addHook('onRequest', async (request) => {
    if (!verified(request, opts)) throw new ApiError(401, 'CALLBACK.SIGNATURE_INVALID');
  });

  app.post(ECOCASH_NOTIFY_PATH, { bodyLimit: 64 * 1024 }, async (request) => {
    const body = request.body;
    if (!isTransaction(body)) throw new ApiError(400, 'ERRORS.INVALID_REQUEST');
    // A throw here answers 500, so EcoCash notifies again.
    await opts.onResult(body.referenceCode, body.endUserId, readTransaction(body));
    return { message: 'OK' };
  });
};
