import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiError } from './common/errors/api-error';
import { Messages } from './common/errors/messages';

/** Vite's output names, `assets/<name>-<content hash>.<ext>`, and their `.br`/`.gz` copies. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(\.\w+)+$/;

/** Where the built portal is: next to the compiled API (dist/apps/portal), or from the repository root. */
export function findPortalDir(): string | null {
  const candidates = [join(__dirname, '..', 'portal'), resolve('dist/apps/portal')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** A browser navigating to a page says it accepts HTML; API clients and their libraries do not. */
function wantsPage(accept: string | undefined): boolean {
  return /\btext\/html\b/i.test(accept ?? '');
}

/**
 * Serves the built portal under /portal/ (it routes with the URL hash, so static files are all it needs)
 * and sends browsers that open / there, or to the API docs when the portal has not been built. Any other client
 * gets the contract's 404 at /: clients normalise dot segments (`/lottery/%2e%2e` is `/` to a WHATWG URL parser),
 * and such a request must get a JSON answer, not a redirect with an empty body.
 */
export async function servePortal(app: NestFastifyApplication): Promise<string | null> {
  const root = findPortalDir();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/', (request, reply) => {
    if (wantsPage(request.headers.accept)) return reply.redirect(root ? '/portal/' : '/docs');
    const notFound = ApiError.notFound(Messages.resourceNotFound);
    return reply.status(notFound.status).send(notFound.body);
  });
  if (!root) return null;
  // The page itself is served by hand: with ignoreTrailingSlash, @fastify/static's index lookup under a prefix
  // does not answer /portal/. The page is revalidated on every visit; the assets it names are content-hashed, so
  // they are cached for a year as immutable, and served from the build's Brotli/gzip copies when accepted.
  const page = readFileSync(join(root, 'index.html'));
  fastify.get('/portal/', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page),
  );
  await app.register(fastifyStatic, {
    root,
    prefix: '/portal/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, path) =>
      response.header(
        'Cache-Control',
        HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  return root;
}
