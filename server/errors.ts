// Errors as clients see them (CONTRACTS.md): 4xx JSON { statusCode, error, messageKey, message } with a
// message key the client translates. A client's mistake is always a 4xx; only our own bugs are 500, and
// those say nothing about why (the log does).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../machines/wire/errors.ts';

// The one schema of every refusal lives with the other wire shapes; re-exported for the route files.
export { type ErrorBody, ErrorResponse } from '../machines/wire/errors.ts';

/**
 * The JSON body of an error answer: the one builder every refusal goes through. `message` defaults to
 * the key (clients translate `messageKey`; `error` already carries the status text).
 */
export function errorBody(statusCode: number, messageKey: string, message = messageKey): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', messageKey, message };
}

/**
 * How a refusal is made (the one rule):
 * - a handler refuses by throwing `ApiError`; the error handler answers it, and a money handler's
 *   transaction rolls back, storing nothing under its idempotency key;
 * - a refusal that is an answer to keep (stored under an idempotency key and replayed, recorded for a
 *   standing play, told over USSD or SMS) is a `Refusal` value: the idempotency module's StoredResponse.
 */
export interface Refusal {
  statusCode: number;
  body: ErrorBody;
}

/** A refusal as a value, to store and replay (see the rule above). */
export const refusal = (statusCode: number, messageKey: string, message?: string): Refusal => ({
  statusCode,
  body: errorBody(statusCode, messageKey, message),
});

/** Thrown to refuse a request with a translated message key (see the rule above `Refusal`). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly messageKey: string;

  constructor(statusCode: number, messageKey: string, message?: string) {
    super(message ?? messageKey);
    this.statusCode = statusCode;
    this.messageKey = messageKey;
  }
}

/** Fastify's own client errors (body parsing, content type, size) and the key each gets. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'ERRORS.UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'ERRORS.INVALID_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'ERRORS.PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'ERRORS.INVALID_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'ERRORS.INVALID_REQUEST',
};

const STATUS_KEYS: Record<number, string> = {
  401: 'ERRORS.UNAUTHORIZED',
  403: 'ERRORS.FORBIDDEN',
  404: 'ERRORS.NOT_FOUND',
  405: 'ERRORS.METHOD_NOT_ALLOWED',
  408: 'ERRORS.REQUEST_TIMEOUT',
  413: 'ERRORS.PAYLOAD_TOO_LARGE',
  414: 'ERRORS.URI_TOO_LONG',
  415: 'ERRORS.UNSUPPORTED_MEDIA_TYPE',
  429: 'ERRORS.TOO_MANY_REQUESTS',
  431: 'ERRORS.HEADERS_TOO_LARGE',
};

/** A message key, as a schema refinement names the one its failure answers. */
const MESSAGE_KEY = /^[A-Z][A-Z0-9_]*\.[A-Z0-9_.]+$/;

/**
 * A schema failure answers 400 ERRORS.INVALID_REQUEST, unless a refinement that failed names its own
 * key (`Type.Refine(type, check, () => 'AMOUNT.INVALID')`): the route's contract keeps that key.
 */
function validationKey(error: FastifyError): string {
  for (const failed of error.validation ?? []) {
    const key = failed.keyword === '~refine' ? failed.message : undefined;
    if (key && MESSAGE_KEY.test(key)) return key;
  }
  return 'ERRORS.INVALID_REQUEST';
}

/** Maps any thrown error to the answer a client gets. */
export function toErrorBody(error: FastifyError | ApiError | Error): ErrorBody {
  if (error instanceof ApiError) return errorBody(error.statusCode, error.messageKey, error.message);
  const e = error as FastifyError;
  if (e.validation) return errorBody(400, validationKey(e), e.message);
  // JSON.parse's SyntaxError (body parser) carries statusCode 400 from Fastify.
  const status = e.statusCode;
  if (status && status >= 400 && status < 500) {
    const key = (e.code && FASTIFY_CLIENT_ERRORS[e.code]) ?? STATUS_KEYS[status] ?? 'ERRORS.INVALID_REQUEST';
    return errorBody(status, key, e.message);
  }
  // The one answer that says nothing about why (the log does).
  return errorBody(500, 'ERRORS.INTERNAL', STATUS_CODES[500]);
}

/** The app's error handler: client errors answered as they are, anything else logged and hidden. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  // An ApiError is an answer we chose (a 503 too); anything else at 500 is a bug.
  if (body.statusCode >= 500 && !(error instanceof ApiError))
    request.log.error({ err: error }, 'request failed');
  else request.log.info({ statusCode: body.statusCode, messageKey: body.messageKey }, 'request refused');
  return reply.code(body.statusCode).send(body);
}

/**
 * Fastify's `frameworkErrors`: the router answers a URL it cannot decode (400), a path parameter over
 * maxParamLength (414) and a failed async constraint itself, before any hook has run, so the headers the
 * hooks add (helmet's, cache-control) are set here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  return errorHandler(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (a malformed request, headers over the
 * size limit, a request too slow to arrive) never becomes a request, so the answer is written on the socket.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(errorBody(status, STATUS_KEYS[status] ?? 'ERRORS.INVALID_REQUEST'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
