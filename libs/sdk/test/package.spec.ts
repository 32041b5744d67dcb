import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { testApi } from './support/env';
import { workspaceRoot } from './support/api-server';
import { registerSubscriber } from './support/fixtures';

const packageDir = resolve(workspaceRoot, 'dist/libs/sdk');

/**
 * The built package in plain Node ESM, where extensionless relative imports would fail: the build must have
 * given every import its file.
 */
describe('the built package (dist/libs/sdk)', () => {
  it('imports and works in Node ESM', async () => {
    if (!existsSync(resolve(packageDir, 'dist/index.js'))) {
      throw new Error(
        `${packageDir} is not built: run \`npx nx run sdk:build\` (the sdk:test target does it first)`,
      );
    }
    const { tokenSecret } = await registerSubscriber('package');
    const script = `
      const { createClient, LotteryApiError } = await import(${JSON.stringify(resolve(packageDir, 'dist/index.js'))});
      const client = createClient({ baseUrl: process.env.BASE_URL, token: process.env.TOKEN });
      const lottery = await client.lottery.get('uk_lotto');
      const error = await client.lottery.get('nope').catch((e) => e);
      console.log(JSON.stringify({ tag: lottery.tag, typed: error instanceof LotteryApiError, status: error.status }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, BASE_URL: testApi().baseUrl, TOKEN: tokenSecret },
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ tag: 'uk_lotto', typed: true, status: 404 });
  });
});

/**
 * A portal user's way in: the package is not on the public registry, so the service serves it. A fresh project
 * installs it from the running instance's /sdk/ with npm and calls the API with it. The install lines name the
 * versioned file: npm's lock keeps the URL with the tarball's checksum, so a URL that served another tarball after
 * an upgrade would break `npm ci`. The unversioned URL of older install lines still serves the current package.
 */
describe('the package served by the service (/sdk/)', () => {
  // The version being built: the build packs the tarball under this name.
  const manifest = resolve(workspaceRoot, 'libs/sdk/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };

  it('serves the versioned tarball for good, and the same bytes under the unversioned name', async () => {
    const versioned = await fetch(`${testApi().baseUrl}/sdk/lottery-results-sdk-${version}.tgz`);
    expect([versioned.status, versioned.headers.get('content-type')]).toEqual([200, 'application/gzip']);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const unversioned = await fetch(`${testApi().baseUrl}/sdk/lottery-results-sdk.tgz`);
    expect([unversioned.status, unversioned.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(Buffer.from(await unversioned.arrayBuffer())).toEqual(Buffer.from(await versioned.arrayBuffer()));
  });

  it('names the versioned tarball in every install line of the READMEs', () => {
    const lines = ['README.md', 'libs/sdk/README.md'].flatMap((file) =>
      (
        readFileSync(resolve(workspaceRoot, file), 'utf8').match(/\/sdk\/lottery-results-sdk[\w.-]*\.tgz/g) ??
        []
      ).map((tarball) => `${file}: ${tarball}`),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !line.endsWith(`/sdk/lottery-results-sdk-${version}.tgz`))).toEqual([]);
  });

  it('installs with npm from the instance into a fresh project, and works with import and require()', async () => {
    const { tokenSecret } = await registerSubscriber('install');
    const url = `${testApi().baseUrl}/sdk/lottery-results-sdk-${version}.tgz`;
    const project = mkdtempSync(join(tmpdir(), 'sdk-install-'));
    try {
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'fresh-project', private: true, type: 'module' }),
      );
      // The package depends on @modelcontextprotocol/sdk (its stdio bridge): --prefer-offline takes it and its
      // dependencies from npm's cache, filled by the workspace's own install, rather than asking the registry.
      execFileSync(
        'npm',
        ['install', url, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
        { cwd: project, encoding: 'utf8' },
      );
      const installed = JSON.parse(
        readFileSync(join(project, 'node_modules/@lottery-results/sdk/package.json'), 'utf8'),
      );
      expect([installed.name, installed.version]).toEqual(['@lottery-results/sdk', version]);
      writeFileSync(
        join(project, 'latest.mjs'),
        [
          "import { createClient } from '@lottery-results/sdk';",
          'const client = createClient({ baseUrl: process.env.BASE_URL, token: process.env.TOKEN });',
          "const draw = await client.lottery.latest('uk_lotto');",
          'console.log(JSON.stringify({ date: draw.date, numbers: draw.numbers.length }));',
        ].join('\n'),
      );
      const output = execFileSync(process.execPath, ['latest.mjs'], {
        cwd: project,
        env: { ...process.env, BASE_URL: testApi().baseUrl, TOKEN: tokenSecret },
        encoding: 'utf8',
      });
      expect(JSON.parse(output)).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), numbers: 7 });

      // From CommonJS too: the package is ES modules, which Node 20.19+, 22.12+ and 24 load with require().
      writeFileSync(
        join(project, 'latest.cjs'),
        [
          "const { createClient } = require('@lottery-results/sdk');",
          'const client = createClient({ baseUrl: process.env.BASE_URL, token: process.env.TOKEN });',
          "client.lottery.latest('uk_lotto').then((draw) =>",
          '  console.log(JSON.stringify({ date: draw.date, numbers: draw.numbers.length })));',
        ].join('\n'),
      );
      const required = execFileSync(process.execPath, ['latest.cjs'], {
        cwd: project,
        env: { ...process.env, BASE_URL: testApi().baseUrl, TOKEN: tokenSecret },
        encoding: 'utf8',
      });
      expect(JSON.parse(required)).toEqual(JSON.parse(output));

      // The stdio MCP bridge, as an MCP client's `npx lottery-results-mcp` starts it in that project (npx finds
      // the installed command; --no-install so that it never asks the registry for a package of that name).
      const client = new Client({ name: 'package-test', version: '0.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: 'npx',
          args: ['--no-install', 'lottery-results-mcp'],
          cwd: project,
          env: { LOTTERY_API_URL: testApi().baseUrl, LOTTERY_API_TOKEN: tokenSecret },
          stderr: 'ignore',
        }),
      );
      try {
        const result = await client.callTool({ name: 'latest_draw', arguments: { tag: 'uk_lotto' } });
        const draw = result.structuredContent as { date: string; numbers: unknown[] };
        expect({ date: draw.date, numbers: draw.numbers.length }).toEqual(JSON.parse(output));
      } finally {
        await client.close();
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
    // Any other file under /sdk/ is the contract's 404.
    const missing = await fetch(`${testApi().baseUrl}/sdk/other.tgz`);
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { code: 404, error: 'Not Found', message: 'Resource not found.' },
    ]);
  }, 120_000);
});
