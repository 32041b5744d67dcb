export interface DrawsRequest {
  baseUrl: string;
  tag: string;
  limit: number;
  sortNumber: boolean;
}

/** The request as a URL path with its query, exactly as the portal sends it. */
export function requestPath({ tag, limit, sortNumber }: DrawsRequest): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (sortNumber) query.set('sort_number', 'true');
  return `/lottery/${encodeURIComponent(tag)}/draws?${query}`;
}

/** The secret stays out of the snippets: they read it from the environment, where it belongs. */
export function curlSnippet(request: DrawsRequest): string {
  return [
    `export LOTTERY_API_TOKEN='<your token secret>'`,
    `curl -s -H "X-API-Token: $LOTTERY_API_TOKEN" \\`,
    `  '${request.baseUrl}${requestPath(request)}'`,
  ].join('\n');
}

export function sdkSnippet(request: DrawsRequest): string {
  const options = [`limit: ${request.limit}`, ...(request.sortNumber ? ['sortNumber: true'] : [])].join(', ');
  return [
    `import { createClient } from '@lottery-results/sdk';`,
    ``,
    `const client = createClient({`,
    `  baseUrl: '${request.baseUrl}',`,
    `  token: process.env.LOTTERY_API_TOKEN,`,
    `});`,
    ``,
    `const page = await client.lottery.draws('${request.tag}', { ${options} });`,
    `for (const draw of page.draws ?? []) console.log(draw.date, draw.numbers.map((n) => n.value));`,
  ].join('\n');
}
