// Errors as clients see them (CONTRACTS.md): 4xx JSON { statusCode, error, messageKey, message } with a
// message key the client translates. A client's mistake is always a 4xx; only our own bugs are 500, and
// those say nothing about why (the log does).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../machines/wire/errors.ts';

// The one schema of every refusal lives with the other wire shapes; re-exported for the route files.
export { type ErrorBody, ErrorResponse } from '../machines/wire/errors.ts';

/** The JSON body of an error answer: the one builder every refusal goes through. */
export function errorBody(statusCode: number, messageKey: string, message?: string): ErrorBody {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  return { statusCode, error, messageKey, message: message ?? error };
}

/**
 * A refusal as a value (status and body), for handlers that return their answer rather than throw it:
 * an idempotent route stores it and replays it for the same key. `message` defaults to the key.
 */
export const refusal = (statusCode: number, messageKey: string, message = messageKey) => ({
  statusCode,
  body: errorBody(statusCode, messageKey, message),
});

/**
 * Throw from a handler to refuse a request with a translated message key (the error handler answers
 * it); a money handler throws it to roll back its transaction and store nothing under its key.
 */
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

/** Maps any thrown error to the answer a client gets. */
export function toErrorBody(error: FastifyError | ApiError | Error): ErrorBody {
  if (error instanceof ApiError) return errorBody(error.statusCode, error.messageKey, error.message);
  const e = error as FastifyError;
  if (e.validation) return errorBody(400, 'ERRORS.INVALID_REQUEST', e.message);
  // JSON.parse's SyntaxError (body parser) carries statusCode 400 from Fastify.
  const status = e.statusCode;
  if (status && status >= 400 && status < 500) {
    const key = (e.code && FASTIFY_CLIENT_ERRORS[e.code]) ?? STATUS_KEYS[status] ?? 'ERRORS.INVALID_REQUEST';
    return errorBody(status, key, e.message);
  }
  return errorBody(500, 'ERRORS.INTERNAL');
}

/** The app's error handler: client errors answered as they are, anything else logged and hidden. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
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
