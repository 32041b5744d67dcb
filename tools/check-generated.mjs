#!/usr/bin/env node
// Fails when the committed OpenAPI document or the generated SDK client no longer match the code: builds the
// API, writes the document and generates the client into a temporary directory with the same script as
// `nx run sdk:generate`, and compares them file by file with libs/sdk/openapi.json and libs/sdk/src/generated.
// The working tree is never touched. `--built`: the API in dist/ was built from this tree just before (npm test's
// build step), so it is not built a second time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const committedSpec = join(root, 'libs/sdk/openapi.json');
const committedClient = join(root, 'libs/sdk/src/generated');
const alreadyBuilt = process.argv.includes('--built');
const FIX = 'generated files are not up to date: run `npx nx run sdk:generate` and commit';

function run(label, command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`check-generated: ${label} failed`);
  }
}

/** Relative path → content of every file under dir (empty for a missing dir). */
function snapshot(dir) {
  const files = new Map();
  const walk = (current) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

const temp = mkdtempSync(join(tmpdir(), 'lrs-check-generated-'));
try {
  const spec = join(temp, 'openapi.json');
  const client = join(temp, 'generated');
  if (!alreadyBuilt)
    run('building the API', process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'apps/api/tsconfig.app.json',
    ]);
  run('writing the OpenAPI document', process.execPath, ['dist/apps/api/bin/generate-openapi.js', spec]);
  run('generating the client', process.execPath, ['libs/sdk/scripts/generate-client.mjs', spec, client]);

  const problems = [];
  const specNow = readFileSync(spec, 'utf8');
  if (!existsSync(committedSpec)) problems.push('libs/sdk/openapi.json is missing');
  else if (readFileSync(committedSpec, 'utf8') !== specNow)
    problems.push('libs/sdk/openapi.json differs from the code');

  const expected = snapshot(client);
  const actual = snapshot(committedClient);
  for (const [file, content] of expected) {
    if (!actual.has(file)) problems.push(`libs/sdk/src/generated/${file} is missing`);
    else if (actual.get(file) !== content) problems.push(`libs/sdk/src/generated/${file} differs`);
  }
  for (const file of actual.keys())
    if (!expected.has(file)) problems.push(`libs/sdk/src/generated/${file} should not exist`);

  if (problems.length > 0) {
    for (const problem of problems.slice(0, 20)) console.error(`  ${problem}`);
    if (problems.length > 20) console.error(`  … and ${problems.length - 20} more`);
    console.error(FIX);
    process.exitCode = 1;
  } else {
    console.log(
      `check-generated: libs/sdk/openapi.json and libs/sdk/src/generated (${expected.size} files) are up to date`,
    );
  }
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(temp, { recursive: true, force: true });
}
