import { sdkTarballUrl } from '../landing/quick-start';
import { tokenValue, type SnippetToken } from './snippets';

/** What an AI agent needs to reach the service: where the API is and, once one is chosen, the token. */
export interface AgentSetup {
  baseUrl: string;
  token?: SnippetToken;
}

/** The name the service goes by in a client's list of servers. */
export const MCP_SERVER_NAME = 'lottery-results';

/** The SDK's bridge for clients that only start local programs: it relays stdio to the endpoint. */
export const BRIDGE_COMMAND = 'lottery-results-mcp';

/** Stands for the token before one is chosen. */
export const TOKEN_PLACEHOLDER = '<your API token>';

/** The tools an agent sees, each mirroring a lottery route. */
export const AGENT_TOOLS: { name: string; what: string }[] = [
  { name: 'list_lotteries', what: 'The lotteries your token may read, with their rules and calendars' },
  { name: 'get_lottery', what: 'One lottery: its rules, draw days, freshness and next draw' },
  { name: 'latest_draw', what: 'The numbers of the newest draw' },
  { name: 'draw_on_date', what: 'The numbers drawn on a date' },
  { name: 'search_draws', what: 'The draws between two dates, newest first, up to 15 at a time' },
  { name: 'check_ticket', what: 'Whether tickets won in a draw or over a period, and what' },
  { name: 'number_stats', what: 'How often each number was drawn over a period' },
  { name: 'draw_prizes', what: 'What a draw paid: each prize rank, its winners and amount' },
  { name: 'next_draw', what: 'When the lottery draws next, in its own time zone' },
];

export const mcpEndpoint = (baseUrl: string) => `${baseUrl}/mcp`;

/** The token as a snippet writes it: a pasted secret, else the token's first characters, else the placeholder. */
export function agentToken(token?: SnippetToken): string {
  return token ? tokenValue(token) : TOKEN_PLACEHOLDER;
}

/** What the user must do with the token the snippets hold, in a sentence. */
export function agentTokenNote(token?: SnippetToken): string {
  if (!token)
    return `No token chosen yet: choose one above, or put a token's secret in place of ${TOKEN_PLACEHOLDER}.`;
  return token.secret
    ? `These snippets hold the secret of token “${token.id}” you pasted: keep them private.`
    : `These snippets name token “${token.id}” by its first characters: put its secret in place of ${tokenValue(token)}.`;
}

/** An `mcpServers` entry for a client that connects to a URL itself (Streamable HTTP). */
export function httpConfigSnippet({ baseUrl, token }: AgentSetup): string {
  const server = {
    type: 'http',
    url: mcpEndpoint(baseUrl),
    headers: { Authorization: `Bearer ${agentToken(token)}` },
  };
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: server } }, null, 2);
}

/**
 * An `mcpServers` entry for a client that only starts local programs: npx runs the SDK's bridge. The package
 * is named by this service's own tarball, since the SDK is not on the public registry (a bare
 * `npx lottery-results-mcp` would look for someone else's package of that name there); `-y` because npx must
 * not stop to ask, the client owning its input.
 */
export function stdioConfigSnippet({ baseUrl, token }: AgentSetup): string {
  const server = {
    command: 'npx',
    args: ['-y', `--package=${sdkTarballUrl(baseUrl)}`, BRIDGE_COMMAND],
    env: { LOTTERY_API_URL: baseUrl, LOTTERY_API_TOKEN: agentToken(token) },
  };
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: server } }, null, 2);
}
