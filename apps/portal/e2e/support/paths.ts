import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const workspaceRoot = resolve(__dirname, '../../../..');
export const portalDist = resolve(workspaceRoot, 'dist/apps/portal');
export const apiMain = resolve(workspaceRoot, 'dist/apps/api/main.js');
export const screenshotDir = resolve(workspaceRoot, 'docs/screenshots');

/** The Chromium to drive: CHROME_PATH, else the Debian package's binary. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string)) ?? null;
}

/** How many lotteries the API's bundle ships (a fresh database holds exactly these). */
export function bundledLotteryCount(): number {
  const manifest = resolve(workspaceRoot, 'apps/api/data/draws/lotteries.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as unknown[]).length;
}
