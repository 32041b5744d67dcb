import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error';
import { Messages } from '../errors/messages';
import { withRouteConfig } from './route-config';

const TEXT_BODY = 'textBody';
/** The text types a route declared with @TextBody takes, as one string (the CSV import). */
const TEXT_TYPES = ['text/csv', 'text/plain'];

/** The route takes its body as text (text/csv or text/plain), as one string; every other route takes JSON. */
export function TextBody(): MethodDecorator {
  return withRouteConfig({ [TEXT_BODY]: true });
}

const takesText = (request: FastifyRequest) => {
  const config: unknown = request.routeOptions.config;
  return (config as Record<string, unknown> | undefined)?.[TEXT_BODY] === true;
};

/** The media type a Content-Type names (no parameters), short enough to quote back. */
function mediaTypeOf(header: unknown): string {
  const type = typeof header === 'string' ? header.split(';')[0].trim().toLowerCase() : '';
  return type.length > 100 ? `${type.slice(0, 100)}…` : type;
}

/**
 * The 415 for a body of a type the route does not take, naming it and what the route takes: a JSON body sent as
 * text/plain (curl's -d without -H, a fetch without headers) is told so, rather than that a field is invalid.
 */
export function unsupportedContentType(request: FastifyRequest): ApiError {
  const expected = takesText(request) ? "'text/csv'" : "'application/json'";
  return ApiError.of(
    415,
    Messages.unsupportedContentType(mediaTypeOf(request.headers['content-type']), expected),
  );
}

/**
 * Text bodies, as one string, for the routes that declare @TextBody; on any other route a text body is the 415
 * above (an empty one is no body). Fastify's own 415 (a type no parser takes) gets the same message through the
 * exception filter.
 */
export function installTextBodyParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(TEXT_TYPES, { parseAs: 'string' }, (request, body, done) => {
    if (takesText(request)) return done(null, body);
    if (body === '') return done(null, undefined);
    done(unsupportedContentType(request), undefined);
  });
}
