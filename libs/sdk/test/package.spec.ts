import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
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
