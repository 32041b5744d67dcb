import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Clock } from '../src/common/clock';
import { LIMIT_MESSAGE } from '../src/common/pagination/page-query.dto';
import { MCP_POST_ONLY } from '../src/modules/mcp/mcp.controller';
import { errorBody, Messages } from './support/contract-errors';
import { newLicensedHolder, type TestLicenseLimits } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withSharedAdmin } from './support/test-set-ups';

const TOOLS = [
  'list_lotteries',
  'get_lottery',
  'latest_draw',
  'draw_on_date',
  'search_draws',
  'check_ticket',
  'number_stats',
  'draw_prizes',
  'next_draw',
];

/** An initialize request, as a client sends it first. */
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A secret no account holds, shaped like an issued one. */
const unknownToken = () => `lr_${randomBytes(16).toString('hex')}`;

/** Each tool with arguments, and the REST request that must answer the same JSON (contract section 11). */
const CASES: {
  tool: string;
  args: Record<string, unknown>;
  rest: [string, string, unknown?];
  keep?: string[];
}[] = [
  { tool: 'list_lotteries', args: { limit: 3, offset: 2 }, rest: ['GET', '/lotteries?limit=3&offset=2'] },
  { tool: 'get_lottery', args: { tag: 'eu_euromillions' }, rest: ['GET', '/lottery/eu_euromillions'] },
  {
    tool: 'latest_draw',
    args: { tag: 'us_powerball', sort_number: true },
    rest: ['GET', '/lottery/us_powerball/draw/latest/numbers?sort_number=true'],
  },
  {
    tool: 'draw_on_date',
    args: { tag: 'eu_euromillions', date: '2024-01-02' },
    rest: ['GET', '/lottery/eu_euromillions/draw/2024-01-02/numbers'],
  },
  {
    tool: 'search_draws',
    args: { tag: 'eu_euromillions', from: '2023-01-01', to: '2023-12-31', limit: 5, offset: 5 },
    rest: ['GET', '/lottery/eu_euromillions/draws?from=2023-01-01&to=2023-12-31&limit=5&offset=5'],
  },
  {
    tool: 'check_ticket',
    args: { tag: 'eu_euromillions', tickets: [{ main: [5, 12, 23, 34, 45], special: [3, 9] }] },
    rest: [
      'POST',
      '/lottery/eu_euromillions/check',
      { tickets: [{ main: [5, 12, 23, 34, 45], special: [3, 9] }] },
    ],
  },
  {
    tool: 'number_stats',
    args: { tag: 'us_powerball', from: '2020-01-01', to: '2020-12-31' },
    rest: ['GET', '/lottery/us_powerball/stats?from=2020-01-01&to=2020-12-31'],
  },
  {
    tool: 'draw_prizes',
    args: { tag: 'eu_euromillions', date: '2025-03-21' },
    rest: ['GET', '/lottery/eu_euromillions/draw/2025-03-21/prizes'],
  },
  {
    tool: 'next_draw',
    args: { tag: 'eu_euromillions' },
    rest: ['GET', '/lottery/eu_euromillions'],
    keep: ['tag', 'name', 'status', 'retiredOn', 'nextDraw', 'freshness'],
  },
];

describe('the MCP endpoint (contract section 11), driven by the official SDK client', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  const clients: Client[] = [];

  /** A client of the SDK, initialized (initialize, then notifications/initialized) with these headers. */
  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'mcp-spec', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
      requestInit: { headers },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  /** A token holder on a license of its own. */
  const holderWithLicense = (limits: TestLicenseLimits) =>
    newLicensedHolder(api, admin.jwt, `mcp-${randomBytes(3).toString('hex')}`, limits);

  const used = async (jwt: string): Promise<number> => (await api.get('/profile/usage', { jwt })).body.used;
  const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

  beforeAll(async () => {
    ({ app, api, admin } = await withSharedAdmin());
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await app?.close();
  });

  describe('initialize and tools/list', () => {
    it('lists every tool, read-only, with an input and an output schema, and costs nothing', async () => {
      const holder = await holderWithLicense({ monthlyQuota: 100 });
      const client = await connect({ 'X-API-Token': holder.token });
      expect(client.getServerVersion()).toMatchObject({ name: 'lottery-results' });
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
      for (const tool of tools) {
        expect(tool.description?.length).toBeGreaterThan(100);
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        // Self-contained: no $ref left (the DTOs' components are inlined).
        expect(JSON.stringify([tool.inputSchema, tool.outputSchema])).not.toContain('$ref');
      }
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      // The REST parameters, from the same DTOs: limit ≤ 15, the tag required, the ticket check's body.
      expect(byName.get('search_draws')?.inputSchema).toMatchObject({
        properties: { tag: { type: 'string' }, limit: { maximum: 15 }, from: { format: 'date' } },
        required: ['tag'],
      });
      expect(byName.get('check_ticket')?.inputSchema).toMatchObject({
        properties: { tickets: { type: 'array', maxItems: 100 } },
        required: ['tag', 'tickets'],
      });
      expect(byName.get('draw_prizes')?.inputSchema.required).toEqual(['tag']);
      expect(byName.get('latest_draw')?.outputSchema).toMatchObject({
        properties: { date: { type: 'string' }, numbers: { type: 'array' } },
      });
      // nextDraw is absent for a game that has ended, retiredOn present only then.
      expect(byName.get('next_draw')?.outputSchema?.required).toEqual(['tag', 'name', 'status', 'freshness']);
      await client.listTools();
      expect(await used(holder.jwt)).toBe(0);
    });
  });

  describe('tool calls', () => {
    let holder: Awaited<ReturnType<typeof holderWithLicense>>;
    let client: Client;
    beforeAll(async () => {
      holder = await holderWithLicense({ monthlyQuota: null });
      client = await connect({ 'X-API-Token': holder.token });
      await client.listTools(); // the client validates structuredContent against the listed output schemas
    });

    it.each(CASES)(
      '$tool answers structuredContent equal to its REST answer',
      async ({ tool, args, rest, keep }) => {
        // One instant for both answers: the freshness figures (hours behind) move with the clock.
        const now = new Date();
        const clock = jest.spyOn(app.running.app.get(Clock), 'now').mockReturnValue(now);
        try {
          const [method, path, body] = rest;
          const expected = await (method === 'GET'
            ? api.get(path, { token: holder.token })
            : api.post(path, { token: holder.token, body }));
          expect(expected.status).toBe(200);
          const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
          expect(result.isError).toBeFalsy();
          const answer = keep
            ? Object.fromEntries(keep.map((name) => [name, expected.body[name]]))
            : expected.body;
          expect(result.structuredContent).toEqual(answer);
          // The JSON as text too, and the lottery's freshness where the route sends it.
          expect(JSON.parse((result.content[1] as { text: string }).text)).toEqual(answer);
          const freshness = expected.headers.get('x-lottery-freshness');
          if (freshness) {
            expect(textOf(result)).toContain(freshness);
            expect(result._meta?.freshness).toMatchObject({
              status: expect.any(String),
              source: expect.any(String),
            });
          }
        } finally {
          clock.mockRestore();
        }
      },
    );

    it('draw_prizes without a date answers the latest draw’s prizes (or the same refusal)', async () => {
      const rest = await api.get('/lottery/eu_euromillions/draw/latest/prizes', { token: holder.token });
      const result = (await client.callTool({
        name: 'draw_prizes',
        arguments: { tag: 'eu_euromillions' },
      })) as CallToolResult;
      if (rest.status === 200) expect(result.structuredContent).toEqual(rest.body);
      else expect([result.isError, textOf(result)]).toEqual([true, rest.body.message]);
    });

    it('costs one unit of quota per call, like the route, and none for initialize and tools/list', async () => {
      const counted = await holderWithLicense({ monthlyQuota: 50 });
      const own = await connect({ 'X-API-Token': counted.token });
      await own.listTools();
      expect(await used(counted.jwt)).toBe(0);
      await own.callTool({ name: 'latest_draw', arguments: { tag: 'eu_euromillions' } });
      expect(await used(counted.jwt)).toBe(1);
      await own.callTool({ name: 'next_draw', arguments: { tag: 'eu_euromillions' } });
      await own.callTool({ name: 'search_draws', arguments: { tag: 'eu_euromillions', limit: 2 } });
      expect(await used(counted.jwt)).toBe(3);
      // A refused argument is counted as the route counts it (validation is step 8, after the charge).
      await own.callTool({ name: 'search_draws', arguments: { tag: 'eu_euromillions', limit: -1 } });
      expect(await used(counted.jwt)).toBe(4);
      await own.listTools();
      expect(await used(counted.jwt)).toBe(4);
      // Counted in the account's usage history like REST calls (per day and per token).
      const usage = await api.get('/profile/usage', { jwt: counted.jwt });
      expect(usage.body).toMatchObject({ used: 4, quota: 50, remaining: 46 });
    });

    it('a bad argument is a tool result with isError and the route’s message naming it', async () => {
      const limit = (await client.callTool({
        name: 'search_draws',
        arguments: { tag: 'eu_euromillions', limit: -1 },
      })) as CallToolResult;
      expect(limit.isError).toBe(true);
      expect(textOf(limit)).toBe(LIMIT_MESSAGE);
      expect(limit._meta?.error).toEqual(errorBody.badRequest(LIMIT_MESSAGE));
      const date = (await client.callTool({
        name: 'draw_on_date',
        arguments: { tag: 'eu_euromillions', date: 'yesterday' },
      })) as CallToolResult;
      expect([date.isError, textOf(date)]).toEqual([true, Messages.invalidDrawDate]);
      const missingTag = (await client.callTool({ name: 'latest_draw', arguments: {} })) as CallToolResult;
      expect([missingTag.isError, textOf(missingTag)]).toEqual([true, Messages.lotteryTagEmpty]);
      const tickets = (await client.callTool({
        name: 'check_ticket',
        arguments: { tag: 'eu_euromillions', tickets: 'five numbers' },
      })) as CallToolResult;
      expect([tickets.isError, textOf(tickets)]).toEqual([true, Messages.ticketsInvalid]);
      const unknown = (await client.callTool({
        name: 'latest_draw',
        arguments: { tag: 'xx_no_such_lottery' },
      })) as CallToolResult;
      expect([unknown.isError, textOf(unknown)]).toEqual([true, Messages.lotteryNotFound]);
    });

    it('an unknown tool is a protocol error (invalid params)', async () => {
      await expect(client.callTool({ name: 'buy_ticket', arguments: {} })).rejects.toThrow(
        /Tool buy_ticket not found/,
      );
    });
  });

  describe('refusals', () => {
    it('401 before any MCP exchange without a token, or with an unknown one (contract bodies)', async () => {
      await expect(connect({})).rejects.toThrow(/401/);
      await expect(connect({ 'X-API-Token': unknownToken() })).rejects.toThrow(/401/);
      const headers = { Accept: 'application/json, text/event-stream' };
      expect(await api.post('/mcp', { body: INITIALIZE, headers })).toMatchObject({
        status: 401,
        body: errorBody.unauthorized(Messages.tokenHeaderMissing),
      });
      expect(await api.post('/mcp', { body: INITIALIZE, headers, token: unknownToken() })).toMatchObject({
        status: 401,
        body: errorBody.unauthorized(Messages.invalidToken),
      });
      expect(
        await api.post('/mcp', {
          body: INITIALIZE,
          headers: { ...headers, Authorization: `Bearer ${unknownToken()}` },
        }),
      ).toMatchObject({ status: 401, body: errorBody.unauthorized(Messages.invalidToken) });
    });

    it('takes the API token as Authorization: Bearer too', async () => {
      const holder = await holderWithLicense({ monthlyQuota: 10 });
      const client = await connect({ Authorization: `Bearer ${holder.token}` });
      const result = (await client.callTool({
        name: 'latest_draw',
        arguments: { tag: 'eu_euromillions' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(await used(holder.jwt)).toBe(1);
    });

    it('403 before any MCP exchange for a disabled account or one without a license; quota used up is a tool result', async () => {
      const disabled = await holderWithLicense({ monthlyQuota: 10 });
      const noLicense = await holderWithLicense({ monthlyQuota: 10 });
      const quota = await holderWithLicense({ monthlyQuota: 1 });
      await api.patch(`/admin/accounts/${disabled.id}`, { jwt: admin.jwt, body: { disabled: true } });
      await api.patch(`/admin/accounts/${noLicense.id}`, { jwt: admin.jwt, body: { license: null } });
      const headers = { Accept: 'application/json, text/event-stream' };
      for (const [holder, message] of [
        [disabled, Messages.accountDisabled],
        [noLicense, Messages.noLicense],
      ] as const) {
        expect(await api.post('/mcp', { token: holder.token, body: INITIALIZE, headers })).toMatchObject({
          status: 403,
          body: errorBody.forbidden(message),
        });
        await expect(connect({ Authorization: `Bearer ${holder.token}` })).rejects.toThrow(/403/);
      }
      const call = async (token: string) =>
        (await (
          await connect({ 'X-API-Token': token })
        ).callTool({ name: 'get_lottery', arguments: { tag: 'eu_euromillions' } })) as CallToolResult;
      expect((await call(quota.token)).isError).toBeFalsy();
      const usedUp = await call(quota.token);
      expect([usedUp.isError, textOf(usedUp), usedUp._meta?.error]).toEqual([
        true,
        Messages.quotaExceeded,
        errorBody.forbidden(Messages.quotaExceeded),
      ]);
      expect(await used(quota.jwt)).toBe(1);
    });

    it('429 is a tool result with isError that says when to retry, in minutes', async () => {
      // 3 an hour: the client's initialize and notifications/initialized take 2 (McpAdmissionGuard), one call the
      // 3rd; the next fits 20 minutes later, which a person reads better than "1187 s".
      const holder = await holderWithLicense({ monthlyQuota: 100, perHour: 3 });
      const client = await connect({ 'X-API-Token': holder.token });
      const results = (await Promise.all(
        [1, 2, 3].map(() => client.callTool({ name: 'latest_draw', arguments: { tag: 'eu_euromillions' } })),
      )) as CallToolResult[];
      const refused = results.filter((result) => result.isError);
      expect(refused.length).toBeGreaterThanOrEqual(2);
      expect(textOf(refused[0])).toMatch(/^Too Many Requests\. Retry after (19|20) minutes\.$/);
      expect(refused[0]._meta?.error).toEqual(errorBody.tooManyRequests());
    });
  });

  describe('HTTP', () => {
    it('GET and DELETE /mcp answer 405 (stateless: no stream, no session)', async () => {
      for (const method of ['get', 'delete'] as const) {
        const res = await api[method]('/mcp', { headers: { Accept: 'text/event-stream' } });
        expect(res.status).toBe(405);
        expect(res.body).toEqual({ code: 405, error: 'Method Not Allowed', message: MCP_POST_ONLY });
        expect(res.headers.get('allow')).toBe('POST');
      }
    });

    it('refuses what is not an MCP exchange in the contract’s error shape', async () => {
      const holder = await holderWithLicense({ monthlyQuota: 10 });
      const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
      const notAccepted = await api.post('/mcp', { token: holder.token, body: ping });
      expect(notAccepted.status).toBe(406);
      expect(notAccepted.body).toMatchObject({ code: 406, error: 'Not Acceptable' });
      const headers = { Accept: 'application/json, text/event-stream' };
      const notJsonRpc = await api.post('/mcp', { token: holder.token, body: { hello: 1 }, headers });
      expect(notJsonRpc).toMatchObject({
        status: 400,
        body: errorBody.badRequest('Parse error: Invalid JSON-RPC message'),
      });
      const pong = await api.post('/mcp', { token: holder.token, body: ping, headers });
      expect(pong).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 1, result: {} } });
      expect(pong.headers.get('x-request-id')).toBeTruthy();
      expect(await used(holder.jwt)).toBe(0);
    });
  });
});
