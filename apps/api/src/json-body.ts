import type { FastifyRequest } from 'fastify';
import { InputError } from './errors.ts';

/** Keys that would reach an object's prototype once a parsed body is merged into another object. */
function forbiddenKey(key: string, value: unknown): string | undefined {
  if (key === '__proto__') return '__proto__';
  if (
    key === 'constructor' &&
    typeof value === 'object' &&
    value !== null &&
    Object.hasOwn(value, 'prototype')
  )
    return 'constructor.prototype';
  return undefined;
}

/**
 * Parses a JSON body as Fastify's own parser does (refusing `__proto__` and `constructor.prototype`
 * keys), but says which of the two is wrong: the text, or a forbidden key. Fastify's parser answers
 * "Body is not valid JSON" for both.
 */
function parseJsonBody(text: string): unknown {
  if (text.length === 0)
    throw new InputError("Body cannot be empty when content-type is set to 'application/json'.");
  // The keys can only be there, possibly \u-escaped, when the text says so: the fast path otherwise.
  const suspicious = /__proto__|constructor|\\u/.test(text);
  let forbidden: string | undefined;
  let value: unknown;
  try {
    value = suspicious
      ? JSON.parse(text, (key, v: unknown) => {
          forbidden ??= forbiddenKey(key, v);
          return v;
        })
      : JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) throw new InputError(`Body is not valid JSON: ${error.message}.`);
    throw error;
  }
  if (forbidden) throw new InputError(`Body has a forbidden key ${forbidden}.`);
  return value;
}

/** `parseJsonBody` as a Fastify content-type parser for application/json. */
export function jsonBodyParser(
  _request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
): void {
  try {
    done(null, parseJsonBody(body));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    done(error);
  }
}
