#!/usr/bin/env node
// Generates the typed client from the OpenAPI document. The one place that holds the generator and its options,
// shared by the `sdk:generate` target and tools/check-generated.mjs, so that swapping the generator stays local.
// Usage: node libs/sdk/scripts/generate-client.mjs <openapi.json> <output dir>
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: generate-client.mjs <openapi.json> <output dir>');
  process.exit(2);
}
if (!existsSync(input)) {
  console.error(`generate-client: ${input} not found (run \`npx nx run api:openapi\` first)`);
  process.exit(1);
}

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = resolve(workspaceRoot, 'node_modules/openapi-typescript-codegen/bin/index.js');
const args = [
  ['--input', input],
  ['--output', output],
  ['--client', 'fetch'],
  // One options object per operation: adding an optional parameter never shifts the others.
  ['--useOptions'],
  // String unions instead of TypeScript enums: plain types, no runtime objects.
  ['--useUnionTypes'],
  // A client class whose instances each hold their own config (base URL, credentials) instead of the
  // global OpenAPI singleton, so that several clients with different tokens can coexist.
  ['--name', 'LotteryResultsApi'],
  ['--exportSchemas', 'false'],
  ['--indent', '2'],
].flat();
const result = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
