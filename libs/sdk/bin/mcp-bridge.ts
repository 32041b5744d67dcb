#!/usr/bin/env node
/**
 * lottery-results-mcp: the Lottery Results Service's MCP endpoint (POST /mcp) as a local stdio server, for MCP
 * clients that only start local servers. It proxies tools/list and tools/call to the service unchanged (tool
 * names, schemas and results are the service's), so the tools, token and quota are those of §11.
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
const server = new Server({ name, version }, { capabilities: { tools: {} } });

// tools/list has no result to carry an error in: a failure is an MCP error (internal error, -32603) whose message
// says what happened. A plain Error, not an McpError, whose message already says "MCP error -32603: …" and
// would reach the client with that twice.
server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
  try {
    const client = await remote.client();
    return await client.request({ method: 'tools/list', params: request.params }, ListToolsResultSchema, {
      signal: extra.signal,
    });
  } catch (error) {
    if (isRemoteAnswer(error)) throw passOn(error);
    throw new Error(remote.describe(error));
  }
});

// A tool call that could not reach the service is a tool result with isError, as the service's own refusals
// are (§11), so the agent reads why and can tell its user; the service's protocol errors pass through.
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  try {
    const client = await remote.client();
    return await client.request({ method: 'tools/call', params: request.params }, CallToolResultSchema, {
      signal: extra.signal,
    });
  } catch (error) {
    if (isRemoteAnswer(error)) throw passOn(error);
    return { content: [{ type: 'text', text: remote.describe(error) }], isError: true };
  }
});

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
