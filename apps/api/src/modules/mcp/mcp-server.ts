import { Injectable } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import { apiTokenOrBearerOf } from '../guards/token/api-token-or-bearer.guard';
import { McpToolCatalog } from './tool-catalog';
import { type McpCaller, McpToolRunner } from './tool-runner';

const SERVER_INFO = { name: 'lottery-results', title: 'Lottery Results Service', version: '1.0.0' };

const INSTRUCTIONS =
  'Lottery results: draws, prizes paid, number statistics and ticket checks for the lotteries this service ' +
  "follows. Find a lottery's tag with list_lotteries; dates are the lottery's local calendar dates (YYYY-MM-DD). " +
  "Each tool call costs one unit of the API token's monthly quota (listing the tools costs none). Answers " +
  "carry the lottery's freshness: when it is 'stale', tell the user the latest draws may be missing.";

const ENDPOINT_URL = 'http://localhost/mcp';

/** Headers of the MCP exchange that the transport reads; the credentials stay out of it. */
const TRANSPORT_HEADERS = [
  'accept',
  'content-type',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
];

/**
 * What `tools/list` hands the SDK: an empty list, which exchange() replaces in the SDK's JSON by the catalog's
 * encoding of the tools, made once. Encoding the ≈ 41 KB list for every answer, and passing it through the
 * transport's Response (encoded to bytes and decoded again), cost ≈ 1 ms of CPU per tools/list (measured on the
 * SDK's server and transport alone: a batch of 10 took 14–16 ms, 4–5 ms with this; one 1.1–1.8 ms, 0.5–0.7 ms, about
 * a ping's cost; the whole server's CPU for a POST of 10, socket writes included, halves). The replaced text
 * cannot come from a client (anything a client sends is inside a JSON string in the answer, where every quote is
 * escaped) nor from a tool (no route answers a `result` with `tools`).
 */
const LISTING_STAND_IN = Object.freeze({ tools: [] });
const LISTING_SENT = '"result":{"tools":[]}';

/** An answer of the MCP endpoint, for the controller to send. */
export interface McpAnswer {
  status: number;
  contentType?: string;
  body?: string;
}

/**
 * The MCP endpoint's exchanges (contract section 11), stateless Streamable HTTP: each POST gets a Server and a
 * transport of its own (the SDK's stateless mode: no session to keep, any instance behind a load balancer can
 * answer), answering JSON rather than an event stream (`enableJsonResponse`: every tool answers at once).
 *
 * The SDK's web-standard transport is used rather than its Node one with `reply.hijack()`: the answer then goes
 * out through Fastify like any other, with the hooks' headers (request id, CORS for a browser client such as the
 * portal, nosniff) and the contract's error bodies, which a hijacked reply would bypass.
 *
 * The low-level Server, not McpServer: the tools' schemas are plain JSON Schema read from the OpenAPI document
 * (McpToolCatalog), not zod copies of the DTOs.
 */
@Injectable()
export class McpEndpoint {
  /** One validator for every Server (each would otherwise compile an ajv instance of its own, per request). */
  private readonly validator = new AjvJsonSchemaValidator();

  constructor(
    private readonly catalog: McpToolCatalog,
    private readonly runner: McpToolRunner,
  ) {}

  /** Answers one POST of the MCP endpoint, once admitted (the guards of @Auth('mcp')). */
  async exchange(request: FastifyRequest): Promise<McpAnswer> {
    const caller: McpCaller = { token: String(apiTokenOrBearerOf(request)).trim(), clientIp: request.ip };
    const listing: { encoded?: string } = {};
    const server = this.serverFor(caller, listing);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body });
      const text = await response.text();
      if (response.status >= 400) throw refusalOf(response.status, text);
      const { encoded } = listing;
      // A function, not a replacement string, whose `$` patterns would be read.
      const body = encoded === undefined ? text : text.replaceAll(LISTING_SENT, () => encoded);
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        body: body || undefined,
      };
    } finally {
      await server.close();
    }
  }

  /** A Server for one POST; its `tools/list` answers LISTING_STAND_IN, and names the encoding in `listing`. */
  private serverFor(caller: McpCaller, listing: { encoded?: string }): Server {
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: this.validator,
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => {
      listing.encoded = `"result":${await this.catalog.encodedListing()}`;
      return LISTING_STAND_IN;
    });
    server.setRequestHandler(CallToolRequestSchema, (call) =>
      this.runner.call(call.params.name, call.params.arguments ?? {}, caller),
    );
    return server;
  }
}

/** The request as the web-standard transport reads it: method, URL and the exchange's headers (the body is parsed). */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // The URL is only reported to handlers (none reads it): a fixed one, rather than the client's Host header.
  return new Request(ENDPOINT_URL, { method: 'POST', headers });
}

/**
 * The transport's refusals of an HTTP exchange it cannot take (406 without `Accept: application/json,
 * text/event-stream`, 400 for a body that is no JSON-RPC message) in the contract's error shape, like every other
 * refusal of the service; the JSON-RPC message is the contract body's message.
 */
function refusalOf(status: number, body: string): ApiError {
  let message = 'Invalid MCP request.';
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') message = parsed.error.message;
  } catch {
    // not JSON: the generic message
  }
  return ApiError.of(status, message);
}
