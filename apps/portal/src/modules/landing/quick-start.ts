// The landing page's first calls: the latest Powerball draw, with the SDK and with curl.

/** The SDK's version, written in at build time (vite.config.ts, from libs/sdk/package.json). */
const SDK_VERSION = import.meta.env.SDK_VERSION as string;

/**
 * The SDK's package on the instance that serves this portal (it is not on the public registry), by the name of
 * the version built with it: npm's lock keeps the URL with the package's checksum, and the unversioned URL serves
 * another package after an upgrade.
 */
export function sdkTarballUrl(baseUrl: string): string {
  return `${baseUrl}/sdk/lottery-results-sdk-${SDK_VERSION}.tgz`;
}

export function sdkInstall(baseUrl: string): string {
  return `npm install ${sdkTarballUrl(baseUrl)}`;
}

export function sdkQuickStart(baseUrl: string): string {
  return [
    `import { createClient } from '@lottery-results/sdk';`,
    ``,
    `// LOTTERY_API_TOKEN: the secret of a token from the portal's Tokens page.`,
    `const client = createClient({ baseUrl: '${baseUrl}', token: process.env.LOTTERY_API_TOKEN });`,
    ``,
    `const draw = await client.lottery.latest('us_powerball');`,
    `console.log(draw.date, draw.numbers.map((n) => n.value));`,
  ].join('\n');
}

export function curlQuickStart(baseUrl: string): string {
  return [
    `curl -H "X-API-Token: $LOTTERY_API_TOKEN" \\`,
    `  '${baseUrl}/lottery/us_powerball/draw/latest/numbers'`,
  ].join('\n');
}
