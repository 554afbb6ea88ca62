// Wire: strings a request may carry (body, query string, path parameters). PostgreSQL cannot store the
// character U+0000 in text and fails the whole query, so every such string forbids it in its schema: a
// NUL is a client's mistake, answered 400 ERRORS.INVALID_REQUEST before any handler runs.
import { type StringOptions, Type } from '@sinclair/typebox';

/** Any text without NUL. */
export const NO_NUL = '^[^\\u0000]*$';

/**
 * A request string PostgreSQL can store. A `pattern` given here replaces NO_NUL, so it must refuse NUL
 * too (an anchored allow-list such as '^[A-Z]+$' does); tests/server/nul.test.ts checks every route.
 */
export const Text = (options: StringOptions = {}) => Type.String({ pattern: NO_NUL, ...options });
