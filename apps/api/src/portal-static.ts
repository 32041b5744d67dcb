import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Vite's output names, `assets/<name>-<content hash>.<ext>`, and their `.br`/`.gz` copies. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(\.\w+)+$/;

/** Where the built portal is: next to the compiled API (dist/apps/portal), or from the repository root. */
export function findPortalDir(): string | null {
  const candidates = [join(__dirname, '..', 'portal'), resolve('dist/apps/portal')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/**
 * Serves the built portal under /portal/ (it routes with the URL hash, so static files are all it needs). `/`
 * itself is HomeController's: browsers are sent here, API clients get links.
 */
export async function servePortal(app: NestFastifyApplication): Promise<string | null> {
  const root = findPortalDir();
  const fastify = app.getHttpAdapter().getInstance();
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
