import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The SDK's package as `npm install` takes it: `lottery-results-sdk-<version>.tgz`, and the same without version. */
const TARBALL = /^lottery-results-sdk(-\d+\.\d+\.\d+[\w.-]*)?\.tgz$/;

/** Where the SDK build packed it: next to the compiled API (dist/libs/sdk-package), or from the repository root. */
export function findSdkPackageDir(): string | null {
  const candidates = [join(__dirname, '..', '..', 'libs', 'sdk-package'), resolve('dist/libs/sdk-package')];
  return candidates.find((dir) => existsSync(join(dir, 'lottery-results-sdk.tgz'))) ?? null;
}

/**
 * Serves the SDK package under /sdk/, so that anyone with the instance's address installs it with
 * `npm install <instance>/sdk/lottery-results-sdk-<version>.tgz` (it is not published on the public registry).
 * Install lines name the versioned file: npm's lock keeps the URL with the package's checksum, so that URL must
 * never serve another package. The unversioned name, which older install lines use, serves the current version.
 * The files are read once at start-up; any other /sdk/ path is the contract's 404.
 */
export function serveSdkPackage(app: NestFastifyApplication): string[] {
  const dir = findSdkPackageDir();
  if (!dir) return [];
  const fastify = app.getHttpAdapter().getInstance();
  const names = readdirSync(dir).filter((name) => TARBALL.test(name));
  for (const name of names) {
    const bytes = readFileSync(join(dir, name));
    // The versioned file never changes; the unversioned one follows the instance's version.
    const cacheControl =
      name === 'lottery-results-sdk.tgz' ? 'no-cache' : 'public, max-age=31536000, immutable';
    fastify.get(`/sdk/${name}`, (_request, reply) =>
      reply
        .type('application/gzip')
        .header('Cache-Control', cacheControl)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(bytes),
    );
  }
  return names;
}
