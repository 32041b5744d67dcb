/** The token a snippet names. `secret` only when the user pasted it in this tab; else the prefix stands in. */
export interface SnippetToken {
  id: string;
  prefix: string;
  secret?: string;
}

export interface DrawsRequest {
  baseUrl: string;
  tag: string;
  limit: number;
  sortNumber: boolean;
  token: SnippetToken;
}

/** The request as a URL path with its query, exactly as the portal sends it. */
export function requestPath({ tag, limit, sortNumber }: DrawsRequest): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (sortNumber) query.set('sort_number', 'true');
  return `/lottery/${encodeURIComponent(tag)}/draws?${query}`;
}

/** The secret, or its first characters and an ellipsis: a secret the user did not paste is never written. */
function tokenValue({ prefix, secret }: SnippetToken): string {
  return secret ?? `${prefix}…`;
}

function tokenNote({ id, prefix, secret }: SnippetToken): string {
  return secret
    ? `The secret of token "${id}".`
    : `The secret of token "${id}" (starts with ${prefix}; shown once, when it was created): paste it here.`;
}

export function curlSnippet(request: DrawsRequest): string {
  return [
    `# ${tokenNote(request.token)}`,
    `export LOTTERY_API_TOKEN='${tokenValue(request.token)}'`,
    `curl -s -H "X-API-Token: $LOTTERY_API_TOKEN" \\`,
    `  '${request.baseUrl}${requestPath(request)}'`,
  ].join('\n');
}

export function fetchSnippet(request: DrawsRequest): string {
  return [
    `// ${tokenNote(request.token)}`,
    `const token = '${tokenValue(request.token)}';`,
    ``,
    `const response = await fetch('${request.baseUrl}${requestPath(request)}', {`,
    `  headers: { 'X-API-Token': token },`,
    `});`,
    `if (!response.ok) throw new Error(\`\${response.status}: \${(await response.json()).message}\`);`,
    `const page = await response.json();`,
    `for (const draw of page.draws) console.log(draw.date, draw.numbers.map((n) => n.value));`,
  ].join('\n');
}

export function sdkSnippet(request: DrawsRequest): string {
  const options = [`limit: ${request.limit}`, ...(request.sortNumber ? ['sortNumber: true'] : [])].join(', ');
  return [
    `// npm install ${request.baseUrl}/sdk/lottery-results-sdk.tgz`,
    `import { createClient } from '@lottery-results/sdk';`,
    ``,
    `// ${tokenNote(request.token)}`,
    `const client = createClient({`,
    `  baseUrl: '${request.baseUrl}',`,
    `  token: '${tokenValue(request.token)}',`,
    `});`,
    ``,
    `const page = await client.lottery.draws('${request.tag}', { ${options} });`,
    `for (const draw of page.draws ?? []) console.log(draw.date, draw.numbers.map((n) => n.value));`,
  ].join('\n');
}

export function pythonSnippet(request: DrawsRequest): string {
  const params = [`"limit": ${request.limit}`, ...(request.sortNumber ? [`"sort_number": "true"`] : [])];
  return [
    `import requests`,
    ``,
    `# ${tokenNote(request.token)}`,
    `TOKEN = "${tokenValue(request.token)}"`,
    ``,
    `response = requests.get(`,
    `    "${request.baseUrl}/lottery/${encodeURIComponent(request.tag)}/draws",`,
    `    params={${params.join(', ')}},`,
    `    headers={"X-API-Token": TOKEN},`,
    `    timeout=10,`,
    `)`,
    `response.raise_for_status()`,
    `for draw in response.json()["draws"]:`,
    `    print(draw["date"], [n["value"] for n in draw["numbers"]])`,
  ].join('\n');
}
