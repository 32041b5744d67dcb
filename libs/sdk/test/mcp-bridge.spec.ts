import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { readBridgeConfig } from '../bin/mcp-bridge-config';
import { workspaceRoot } from './support/api-server';
import { testApi } from './support/env';
import { registerSubscriber } from './support/fixtures';

const packageDir = resolve(workspaceRoot, 'dist/libs/sdk');
const manifest = JSON.parse(readFileSync(resolve(workspaceRoot, 'libs/sdk/package.json'), 'utf8'));
/** The program `npx lottery-results-mcp` runs: the package's bin, started as a program (shebang, mode). */
const bridge = resolve(packageDir, manifest.bin['lottery-results-mcp']);

const TOOLS = [
  'check_ticket',
  'draw_on_date',
  'draw_prizes',
  'get_lottery',
  'latest_draw',
  'list_lotteries',
  'next_draw',
  'number_stats',
  'search_draws',
];

/** The name of the one tool the bridge lists while the service cannot be used. */
const STATUS_TOOL = 'lottery_service_status';

/** A TCP relay on `port` to `target`: the service "comes up" at an address that was unreachable. */
async function relayTo(port: number, target: URL): Promise<Server> {
  const relay = createServer((socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    const end = () => (socket.destroy(), upstream.destroy());
    socket.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((done, reject) => relay.once('error', reject).listen(port, '127.0.0.1', done));
  return relay;
}

/** A port nothing listens on: the service "unreachable". */
async function closedPort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The bridge as an MCP client starts it: a child process spoken to over its stdin/stdout by the SDK's stdio
 * client, with only the environment given here (the transport adds PATH, HOME and the like, not LOTTERY_*).
 */
async function connectBridge(env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: bridge, args: [], env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'sdk-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The bridge run without an MCP client, for the start-up refusals: exit code, stdout, stderr. */
function runBridge(env: Record<string, string>) {
  return spawnSync(bridge, [], {
    env: { PATH: process.env.PATH ?? '', ...env },
    input: '',
    encoding: 'utf8',
  });
}

/** The text blocks of a tool result (callTool's type also admits the 2024 protocol's `toolResult` shape). */
const textOf = (result: Record<string, unknown>) =>
  (result.content as { type: string; text?: string }[]).map((block) => block.text ?? '').join('\n');

describe('lottery-results-mcp, the stdio bridge (dist/libs/sdk)', () => {
  let token: string;

  beforeAll(async () => {
    if (!existsSync(bridge))
      throw new Error(
        `${bridge} is not built: run \`npx nx run sdk:build\` (the sdk:test target does it first)`,
      );
    token = (await registerSubscriber('mcp-bridge')).tokenSecret;
  });

  it("lists the service's nine tools and answers latest_draw with the REST route's JSON", async () => {
    const { baseUrl } = testApi();
    const { client, stderr } = await connectBridge({ LOTTERY_API_URL: baseUrl, LOTTERY_API_TOKEN: token });
    try {
      expect(client.getServerVersion()).toEqual({ name: '@lottery-results/sdk', version: manifest.version });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      // Passed through unchanged: the schemas are the service's (latest_draw takes the lottery's tag).
      const latestDraw = tools.find((tool) => tool.name === 'latest_draw');
      expect(latestDraw?.inputSchema.properties).toHaveProperty('tag');
      expect(latestDraw?.outputSchema).toBeDefined();

      const result = await client.callTool({ name: 'latest_draw', arguments: { tag: 'us_powerball' } });
      const rest = await fetch(`${baseUrl}/lottery/us_powerball/draw/latest/numbers`, {
        headers: { 'X-API-Token': token },
      });
      expect(rest.status).toBe(200);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await rest.json());

      // The service's own refusal comes back as it is: a tool result with isError and the contract's message.
      const unknown = await client.callTool({ name: 'latest_draw', arguments: { tag: 'no_such_lottery' } });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toContain('Lottery not found.');
      // Its own words go to stderr: one line at start, nothing while it works.
      expect(stderr()).toBe(`lottery-results-mcp ${manifest.version}: stdio ↔ ${baseUrl}/mcp\n`);
    } finally {
      await client.close();
    }
  });

  it('says a wrong token got HTTP 401 as a tool error, never a protocol error', async () => {
    const { client } = await connectBridge({
      LOTTERY_API_URL: testApi().baseUrl,
      LOTTERY_API_TOKEN: 'lr_not-a-token-of-anyone',
    });
    try {
      // The listing an MCP client starts with succeeds: one tool, which says what is wrong.
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([STATUS_TOOL]);
      expect(tools[0].description).toMatch(/\/mcp answered HTTP 401: Invalid bearer authentification/);
      for (const name of [STATUS_TOOL, 'latest_draw']) {
        const result = await client.callTool({ name, arguments: { tag: 'us_powerball' } });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(
          `The Lottery Results Service at ${testApi().baseUrl}/mcp answered HTTP 401: Invalid bearer authentification`,
        );
      }
    } finally {
      await client.close();
    }
  });

  it('says the service cannot be reached as a tool error, and lists its tools once it answers', async () => {
    const port = await closedPort();
    const { client } = await connectBridge({
      LOTTERY_API_URL: `http://127.0.0.1:${port}`,
      LOTTERY_API_TOKEN: token,
    });
    let relay: Server | undefined;
    try {
      const unreachable = `Cannot reach the Lottery Results Service at http://127.0.0.1:${port}/mcp: ECONNREFUSED`;
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([STATUS_TOOL]);
      expect(tools[0].description).toContain(unreachable);
      for (const name of [STATUS_TOOL, 'latest_draw']) {
        const result = await client.callTool({ name, arguments: { tag: 'us_powerball' } });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(unreachable);
      }

      // The service comes up at that address (a relay to the test API): the status tool finds it, and the
      // client is told to list the tools again.
      relay = await relayTo(port, new URL(testApi().baseUrl));
      const changed = new Promise<void>((done) =>
        client.setNotificationHandler(ToolListChangedNotificationSchema, async () => done()),
      );
      const retried = await client.callTool({ name: STATUS_TOOL, arguments: {} });
      expect(retried.isError).toBeFalsy();
      expect(textOf(retried)).toMatch(/answers now: its 9 tools are listed\.$/);
      await changed;
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    } finally {
      await client.close();
      await new Promise((done) => (relay ? relay.close(done) : done(undefined)));
    }
  });

  it('is executable in the tarball the service serves, as npm packed it', () => {
    const tarball = resolve(workspaceRoot, 'dist/libs/sdk-package/lottery-results-sdk.tgz');
    const listing = execFileSync('tar', ['-tvzf', tarball], { encoding: 'utf8' }).split('\n');
    const entry = listing.find((line) =>
      line.endsWith(` package/${manifest.bin['lottery-results-mcp'].slice(2)}`),
    );
    expect(entry).toMatch(/^-rwxr-xr-x /);
  });

  it('exits with code 2 and a line on stderr, nothing on stdout, when a setting is missing or wrong', () => {
    const missingUrl = runBridge({ LOTTERY_API_TOKEN: token });
    expect([missingUrl.status, missingUrl.stdout]).toEqual([2, '']);
    expect(missingUrl.stderr).toBe(
      "lottery-results-mcp: LOTTERY_API_URL is not set (the service's base URL, e.g. http://localhost:3000).\n",
    );

    const notHttp = runBridge({ LOTTERY_API_URL: 'ftp://localhost:3000', LOTTERY_API_TOKEN: token });
    expect([notHttp.status, notHttp.stdout]).toEqual([2, '']);
    expect(notHttp.stderr).toContain("LOTTERY_API_URL must be http or https, not 'ftp:'");

    const missingToken = runBridge({ LOTTERY_API_URL: testApi().baseUrl });
    expect([missingToken.status, missingToken.stdout]).toEqual([2, '']);
    expect(missingToken.stderr).toContain('LOTTERY_API_TOKEN is not set');
  });
});

describe("the bridge's settings", () => {
  it('puts /mcp after the base URL, under its path if it has one', () => {
    const mcpUrl = (url: string) =>
      readBridgeConfig({ LOTTERY_API_URL: url, LOTTERY_API_TOKEN: 't' }).mcpUrl.href;
    expect(mcpUrl('http://localhost:3000')).toBe('http://localhost:3000/mcp');
    expect(mcpUrl(' https://example.com/lottery/ ')).toBe('https://example.com/lottery/mcp');
    expect(mcpUrl('https://example.com/lottery?x=1#top')).toBe('https://example.com/lottery/mcp');
  });
});
