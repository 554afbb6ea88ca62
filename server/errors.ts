// Errors as clients see them (CONTRACTS.md): 4xx JSON { statusCode, error, messageKey, message } with a
// message key the client translates. A client's mistake is always a 4xx; only our own bugs are 500, and
// those say nothing about why (the log does).
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export interface ErrorBody {
  statusCode: number;
  error: string;
  messageKey: string;
  message: string;
}

/** The JSON body of an error answer. */
export function errorBody(statusCode: number, messageKey: string, message?: string): ErrorBody {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  return { statusCode, error, messageKey, message: message ?? error };
}

/** Throw from a handler to refuse a request with a translated message key. */
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
  413: 'ERRORS.PAYLOAD_TOO_LARGE',
  415: 'ERRORS.UNSUPPORTED_MEDIA_TYPE',
  429: 'ERRORS.TOO_MANY_REQUESTS',
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
