import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppModule } from '../app.module';
import { buildOpenApiDocument } from '../configure-app';
import { loadSettings } from '../config/settings';

/** Recursively sorts object keys so the committed document diffs cleanly. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Writes the OpenAPI document from the code: the AppModule is created in preview mode, so nothing listens
 * and no database is touched. Usage: node dist/apps/api/bin/generate-openapi.js <output.json>
 */
async function main(): Promise<void> {
  const output = resolve(process.argv[2] ?? 'libs/sdk/openapi.json');
  const settings = loadSettings({ JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'error' });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register({ settings, databaseUrl: 'postgres://preview@127.0.0.1:1/preview', engine: 'server' }),
    new FastifyAdapter(),
    { preview: true, logger: ['error'] },
  );
  const document = buildOpenApiDocument(app);
  writeFileSync(output, JSON.stringify(sortKeys(document), null, 2) + '\n');
  await app.close();
  process.stdout.write(`Wrote ${output} (${Object.keys(document.paths).length} paths)\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
