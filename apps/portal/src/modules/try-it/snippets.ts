import { sdkTarballUrl } from '../landing/quick-start';

/** The token a snippet names. `secret` only when the user pasted it in this tab; else the prefix stands in. */
export interface SnippetToken {
  id: string;
  prefix: string;
  secret?: string;
}

/** The routes "Try it" sends: a page of the latest draws, what the latest draw paid, what a draw paid. */
export type TryRoute = 'draws' | 'latest-prizes' | 'prizes';

export interface DrawsRequest {
  baseUrl: string;
  tag: string;
  /** Absent: `draws`. */
  route?: TryRoute;
  limit: number;
  sortNumber: boolean;
  /** `prizes` only: the draw's date, and its round where the lottery draws several a date. */
  date?: string;
  round?: number;
  token: SnippetToken;
}

/** The routes as the portal lists them, with what each answers. */
export const TRY_ROUTES: { value: TryRoute; path: string; what: string }[] = [
  { value: 'draws', path: '/lottery/{tag}/draws', what: 'The latest draws, newest first' },
  { value: 'latest-prizes', path: '/lottery/{tag}/draw/latest/prizes', what: 'What the latest draw paid' },
  { value: 'prizes', path: '/lottery/{tag}/draw/{date}/prizes', what: 'What the draw of a date paid' },
];

const isPrizes = (request: DrawsRequest) => request.route === 'latest-prizes' || request.route === 'prizes';

/** The request as a URL path with its query, exactly as the portal sends it. */
export function requestPath(request: DrawsRequest): string {
  const { tag, limit, sortNumber, route = 'draws' } = request;
  const lottery = `/lottery/${encodeURIComponent(tag)}`;
  if (route === 'latest-prizes') return `${lottery}/draw/latest/prizes`;
  if (route === 'prizes')
    return `${lottery}/draw/${request.date ?? ''}/prizes${request.round ? `?round=${request.round}` : ''}`;
  const query = new URLSearchParams({ limit: String(limit) });
  if (sortNumber) query.set('sort_number', 'true');
  return `${lottery}/draws?${query}`;
}

/** The secret, or its first characters and an ellipsis: a secret the user did not paste is never written. */
export function tokenValue({ prefix, secret }: SnippetToken): string {
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
    ...(isPrizes(request)
      ? [
          `const prizes = await response.json();`,
          `for (const division of prizes.divisions)`,
          `  console.log(division.rank, division.winners, division.amount, prizes.currency);`,
        ]
      : [
          `const page = await response.json();`,
          `for (const draw of page.draws) console.log(draw.date, draw.numbers.map((n) => n.value));`,
        ]),
  ].join('\n');
}

/** The SDK call and what the snippet prints of its answer. */
function sdkCall(request: DrawsRequest): string[] {
  if (request.route === 'latest-prizes' || request.route === 'prizes') {
    const call =
      request.route === 'latest-prizes'
        ? `client.latestPrizes('${request.tag}')`
        : `client.prizes('${request.tag}', '${request.date ?? ''}'${request.round ? `, ${request.round}` : ''})`;
    return [
      `const prizes = await ${call};`,
      `for (const division of prizes.divisions)`,
      `  console.log(division.rank, division.winners, division.amount, prizes.currency);`,
    ];
  }
  const options = [`limit: ${request.limit}`, ...(request.sortNumber ? ['sortNumber: true'] : [])].join(', ');
  return [
    `const page = await client.lottery.draws('${request.tag}', { ${options} });`,
    `for (const draw of page.draws ?? []) console.log(draw.date, draw.numbers.map((n) => n.value));`,
  ];
}

export function sdkSnippet(request: DrawsRequest): string {
  return [
    `// npm install ${sdkTarballUrl(request.baseUrl)}`,
    `import { createClient } from '@lottery-results/sdk';`,
    ``,
    `// ${tokenNote(request.token)}`,
    `const client = createClient({`,
    `  baseUrl: '${request.baseUrl}',`,
    `  token: '${tokenValue(request.token)}',`,
    `});`,
    ``,
    ...sdkCall(request),
  ].join('\n');
}

export function pythonSnippet(request: DrawsRequest): string {
  const prizes = isPrizes(request);
  const params = prizes
    ? request.round
      ? [`"round": ${request.round}`]
      : []
    : [`"limit": ${request.limit}`, ...(request.sortNumber ? [`"sort_number": "true"`] : [])];
  // The path without its query: requests adds the params.
  const path = requestPath({ ...request, round: undefined }).split('?')[0];
  return [
    `import requests`,
    ``,
    `# ${tokenNote(request.token)}`,
    `TOKEN = "${tokenValue(request.token)}"`,
    ``,
    `response = requests.get(`,
    `    "${request.baseUrl}${path}",`,
    ...(params.length > 0 ? [`    params={${params.join(', ')}},`] : []),
    `    headers={"X-API-Token": TOKEN},`,
    `    timeout=10,`,
    `)`,
    `response.raise_for_status()`,
    ...(prizes
      ? [
          `prizes = response.json()`,
          `for division in prizes["divisions"]:`,
          `    print(division["rank"], division["winners"], division["amount"], prizes["currency"])`,
        ]
      : [
          `for draw in response.json()["draws"]:`,
          `    print(draw["date"], [n["value"] for n in draw["numbers"]])`,
        ]),
  ].join('\n');
}
