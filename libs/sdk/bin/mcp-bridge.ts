#!/usr/bin/env node
/**
 * lottery-results-mcp: the Lottery Results Service's MCP endpoint (POST /mcp) as a local stdio server, for MCP
 * clients that only start local servers. It proxies tools/list and tools/call to the service unchanged (tool
 * names, schemas and results are the service's), so the tools, token and quota are those of §11; while the service
 * cannot be used, it lists one status tool instead, which says why.
 *
 *   LOTTERY_API_URL=http://localhost:3000 LOTTERY_API_TOKEN=lr_… npx lottery-results-mcp
 *
 * stdout carries MCP and nothing else; anything for a human goes to stderr.
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  type CallToolResult,
  type ListToolsRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { BridgeConfigError, readBridgeConfig, type BridgeConfig } from './mcp-bridge-config.js';
import { isRemoteAnswer, passOn, RemoteServer } from './mcp-bridge-remote.js';

const NAME = 'lottery-results-mcp';

// The package's own package.json, one level above dist/: the bridge reports the SDK's name and version.
const { name, version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

let config: BridgeConfig;
try {
  config = readBridgeConfig(process.env);
} catch (error) {
  if (!(error instanceof BridgeConfigError)) throw error;
  process.stderr.write(`${NAME}: ${error.message}\n`);
  process.exit(2);
}

const remote = new RemoteServer(config, { name: NAME, version });
// listChanged: the bridge tells the client when the service's tools replace the status tool (see below).
const server = new Server({ name, version }, { capabilities: { tools: { listChanged: true } } });

/**
 * Whether the last tools/list could not reach the service. An MCP client lists the tools first (a client shows a
 * failed listing as a broken server, without the reason), so the bridge then lists one tool, STATUS_TOOL, whose
 * call says what went wrong as a tool error (isError: the URL, the HTTP status or the connection failure), as
 * every call does while the service cannot be used.
 */
let listingFailed = false;

const STATUS_TOOL = 'lottery_service_status';

function statusTool(problem: string): Tool {
  return {
    name: STATUS_TOOL,
    title: 'Lottery Results Service: connection',
    description:
      `The lottery tools could not be listed: ${problem}. Call this tool to try again (and to read why); ` +
      "once the service answers, the client is told that the tool list changed and gets the service's tools.",
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  };
}

/** A failure to reach or use the service as a tool result the agent reads (§11: never a protocol error). */
const toolError = (error: unknown): CallToolResult => ({
  content: [{ type: 'text', text: remote.describe(error) }],
  isError: true,
});

async function listRemoteTools(params: ListToolsRequest['params'], signal: AbortSignal) {
  const client = await remote.client();
  return client.request({ method: 'tools/list', params }, ListToolsResultSchema, { signal });
}

server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
  try {
    const listed = await listRemoteTools(request.params, extra.signal);
    listingFailed = false;
    return listed;
  } catch (error) {
    // The service's own JSON-RPC answer (a protocol matter between two MCP peers) passes through as it is.
    if (isRemoteAnswer(error)) throw passOn(error);
    listingFailed = true;
    return { tools: [statusTool(remote.describe(error))] };
  }
});

// A tool call that could not reach the service is a tool result with isError, as the service's own refusals
// are (§11), so the agent reads why and can tell its user; the service's protocol errors pass through.
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  if (request.params.name === STATUS_TOOL && listingFailed) return retryListing(extra.signal);
  try {
    const client = await remote.client();
    return await client.request({ method: 'tools/call', params: request.params }, CallToolResultSchema, {
      signal: extra.signal,
    });
  } catch (error) {
    if (isRemoteAnswer(error)) throw passOn(error);
    return toolError(error);
  }
});

/** The status tool's call: asks the service again; once it answers, the client is told to list the tools again. */
async function retryListing(signal: AbortSignal): Promise<CallToolResult> {
  try {
    const { tools } = await listRemoteTools(undefined, signal);
    listingFailed = false;
    await server.sendToolListChanged();
    return {
      content: [
        {
          type: 'text',
          text: `The Lottery Results Service at ${config.mcpUrl.href} answers now: its ${tools.length} tools are listed.`,
        },
      ],
    };
  } catch (error) {
    if (isRemoteAnswer(error)) throw passOn(error);
    return toolError(error);
  }
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await remote.close();
  await server.close().catch(() => undefined);
  process.exit(0);
}

// The MCP client ends the session by closing the bridge's stdin (then SIGTERM): both end the process, without
// waiting for idle keep-alive connections to the service to time out.
process.stdin.on('end', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await server.connect(new StdioServerTransport());
process.stderr.write(`${NAME} ${version}: stdio ↔ ${config.mcpUrl.href}\n`);
