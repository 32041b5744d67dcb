/** The landing page's first calls: the latest Powerball draw, with the SDK and with curl. */
/** The SDK is served by the instance itself (it is not on the public registry). */
export function sdkInstall(baseUrl: string): string {
  return `npm install ${baseUrl}/sdk/lottery-results-sdk.tgz`;
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
