import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeConfig } from './mcp-bridge-config.js';

/**
 * The MCP client side of the bridge: one session with the service's POST /mcp, opened at the first request
 * rather than at start-up, so that a bridge whose service is down or whose token is wrong still starts and
 * answers each request with what went wrong (an MCP client shows that to its user; a bridge that exits at once
 * shows as a server that "failed to start"). A failed connection is forgotten, so the next request tries again.
 */
export class RemoteServer {
  private connecting?: Promise<Client>;

  constructor(
    private readonly config: BridgeConfig,
    private readonly clientInfo: Implementation,
  ) {}

  client(): Promise<Client> {
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    const connecting = this.connecting;
    this.connecting = undefined;
    await connecting?.then((client) => client.close()).catch(() => undefined);
  }

  private async connect(): Promise<Client> {
    const client = new Client(this.clientInfo);
    // Many MCP clients can only send a bearer token; the service takes the API token that way too (§11).
    const transport = new StreamableHTTPClientTransport(this.config.mcpUrl, {
      requestInit: { headers: { Authorization: `Bearer ${this.config.token}` } },
    });
    await client.connect(transport);
    return client;
  }

  /** A failure to reach or use the service, in words for the agent's user: which URL, which HTTP status, why. */
  describe(error: unknown): string {
    const url = this.config.mcpUrl.href;
    if (error instanceof StreamableHTTPError && error.code !== undefined && error.code > 0) {
      const detail = apiMessage(error.message);
      return `The Lottery Results Service at ${url} answered HTTP ${error.code}${detail ? `: ${detail}` : ''}`;
    }
    if (error instanceof TypeError && error.message === 'fetch failed') {
      const cause = error.cause as { code?: string; message?: string } | undefined;
      return `Cannot reach the Lottery Results Service at ${url}: ${cause?.code ?? cause?.message ?? 'fetch failed'}`;
    }
    const message = error instanceof Error ? error.message : String(error);
    return `The Lottery Results Service at ${url} failed: ${message}`;
  }
}

/**
 * The service's own answer to the MCP client (a JSON-RPC error: unknown tool, invalid params) is passed on as it
 * is; anything else (HTTP status, network, timeout, closed connection) is a failure of the remote.
 */
export function isRemoteAnswer(error: unknown): error is McpError {
  return (
    error instanceof McpError &&
    error.code !== ErrorCode.RequestTimeout &&
    error.code !== ErrorCode.ConnectionClosed
  );
}

/**
 * The service's JSON-RPC error as the bridge answers it: the same code, message and data. (McpError's message is
 * "MCP error <code>: <message>", and the bridge's server would prefix it once more.)
 */
export function passOn(error: McpError): Error {
  const message = error.message.replace(/^MCP error -?\d+: /, '');
  return Object.assign(new Error(message), { code: error.code, data: error.data });
}

/**
 * The `message` of the API's error body that the transport quotes ("Error POSTing to endpoint: {…}"), or the
 * quoted text itself when it is not one; nothing for an empty body.
 */
function apiMessage(transportMessage: string): string {
  const quoted = transportMessage
    .replace(/^Streamable HTTP error: (Error POSTing to endpoint: )?/, '')
    .trim();
  if (!quoted) return '';
  try {
    const body = JSON.parse(quoted) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string') return body.message;
    if (typeof body.error === 'string') return body.error;
  } catch (_notJson) {
    // A proxy's HTML page or plain text: shown as it is, shortened.
  }
  return quoted.length > 300 ? `${quoted.slice(0, 300)}…` : quoted;
}
