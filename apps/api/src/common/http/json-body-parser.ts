import type { FastifyInstance } from 'fastify';
import { parse as parseJson } from 'secure-json-parse';
import { ApiError } from '../errors/api-error';
import { Messages } from '../errors/messages';
import { handleRouteError } from './client-errors';

/** Deeper than any payload of ours; deep enough that recursive validation never runs out of stack. */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` nests objects and arrays deeper than `maxDepth` (a linear scan that skips strings). */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * JSON bodies: refused with the contract's 400 when they are not JSON or nest deeper than MAX_JSON_DEPTH (before
 * any validation recurses into them), with `__proto__` and `constructor.prototype` keys dropped
 * (secure-json-parse, as Fastify's own parser). An empty body is no body.
 */
export function installJsonBodyParser(fastify: FastifyInstance): void {
  // Bodies are parsed on OPTIONS too, and the CORS preflight route is Fastify's, not Nest's: its refusals of a
  // body must be in the contract's shape as well (see handleRouteError). Routes Nest adds are left to Nest.
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.errorHandler && methods.includes('OPTIONS')) route.errorHandler = handleRouteError;
  });
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(ApiError.badRequest(Messages.jsonTooDeep(MAX_JSON_DEPTH)), undefined);
    }
    try {
      done(null, parseJson(text, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(ApiError.badRequest(Messages.invalidJsonBody), undefined);
    }
  });
}
