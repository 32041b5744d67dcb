import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { inProcessRequestHeaders } from '../../common/http/in-process-request';
import { waitInWords } from '../../common/http/wait-in-words';
import { FRESHNESS_HEADER } from '../lotteries/domain/freshness-header';
import { freshnessFactsOf } from './freshness-facts';
import { MCP_TOOLS, type McpToolDefinition, type RouteRef, type ToolArguments } from './mcp-tools';

/** Who calls a tool: the API token the MCP request presented and the client's address (as TRUST_PROXY resolves it). */
export interface McpCaller {
  token: string;
  clientIp: string;
}

const TOOLS = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));

/**
 * Runs a tool call as its REST route, in-process (Fastify's inject): the caller's token in `X-API-Token` and the
 * caller's address as the request's, so that the call has exactly the route's checks in the order of contract
 * section 5 (license, then admission: quota, rate limits, the charge; then validation), costs what the route costs,
 * is counted in the account's usage like it, and answers the route's JSON. The client-IP limit counted the MCP
 * POST when it arrived: the in-process request is marked so that it is not counted a second time. The route's answer
 * is the result's `structuredContent`; a refusal (status ≥ 400) is a result with `isError` and the contract's
 * message, never a protocol error.
 */
@Injectable()
export class McpToolRunner {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async call(name: string, args: ToolArguments, caller: McpCaller): Promise<CallToolResult> {
    const tool = TOOLS.get(name);
    // An unknown tool is the protocol's error (the MCP specification's -32602), as the SDK's own servers answer.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
    const route = tool.routeFor?.(args) ?? tool.route;
    const dotSegment = dotSegmentArgument(route, args);
    if (dotSegment)
      return refusal(ApiError.badRequest(Messages.dotSegmentArgument(dotSegment)).body, undefined);
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const response = await fastify.inject(requestFor(route, args, caller));
    const answer = parsed(response.body);
    if (response.statusCode >= 400) return refusal(answer, response.headers['retry-after']?.toString());
    const structured = tool.keep ? pick(answer as Record<string, unknown>, tool.keep) : answer;
    const header = response.headers[FRESHNESS_HEADER.toLowerCase()];
    const freshnessHeader = typeof header === 'string' ? header : undefined;
    const freshness = freshnessFactsOf(freshnessHeader);
    return {
      content: [
        { type: 'text', text: summaryOf(tool, args, structured, freshnessHeader) },
        // The answer as JSON text too, for clients that do not read structuredContent (the MCP specification's advice).
        { type: 'text', text: JSON.stringify(structured) },
      ],
      structuredContent: structured as Record<string, unknown>,
      ...(freshness ? { _meta: { freshness } } : {}),
    };
  }
}

/**
 * The route's request for these arguments: the path parameters in the path, every other argument in the query
 * (GET) or the JSON body (POST), as a REST client would send them. What the route does not know it ignores, what
 * it refuses it names (a 400 naming the field): the arguments are validated by the route, by the same DTOs.
 */
export function requestFor(route: RouteRef, args: ToolArguments, caller: McpCaller): InjectOptions {
  const rest: ToolArguments = { ...args };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    // A missing path argument is sent blank, for the route's own 400 naming it (an empty segment would be a 404).
    return encodeURIComponent(isAbsent(value) ? ' ' : textOf(value));
  });
  const headers: Record<string, string> = { 'x-api-token': caller.token, ...inProcessRequestHeaders() };
  if (route.method === 'POST') {
    headers['content-type'] = 'application/json';
    return {
      method: 'POST',
      url: path,
      headers,
      payload: JSON.stringify(rest),
      remoteAddress: caller.clientIp,
    };
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(rest)) if (!isAbsent(value)) query.append(name, textOf(value));
  const search = query.toString();
  return {
    method: 'GET',
    url: search ? `${path}?${search}` : path,
    headers,
    remoteAddress: caller.clientIp,
  };
}

const isAbsent = (value: unknown) => value === undefined || value === null;

const DOT_SEGMENTS = new Set(['.', '..']);

/**
 * The first argument of a path parameter that is a dot segment, `.` or `..`, written as such or percent-encoded
 * (`%2e`, `%2E%2e`): the in-process request's URL would resolve it and reach another route (get_lottery's
 * `/lottery/.` is `/lottery/`, the list), so the call is refused with a message naming it, as a route refuses what
 * it cannot take.
 */
function dotSegmentArgument(route: RouteRef, args: ToolArguments): string | undefined {
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    const value = args[name];
    if (typeof value === 'string' && (DOT_SEGMENTS.has(value) || DOT_SEGMENTS.has(percentDecoded(value)))) {
      return name;
    }
  }
  return undefined;
}

function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // not percent-encoding: no dot segment either
  }
}

/** A path or query value as a client would write it: numbers and booleans as text, anything else as its JSON. */
const textOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function pick(answer: Record<string, unknown>, keep: string[]): Record<string, unknown> {
  return Object.fromEntries(keep.filter((name) => name in answer).map((name) => [name, answer[name]]));
}

/**
 * A refusal as a tool result: the contract's message as the text (the 429, which has none, says when to retry), and
 * the contract's body in `_meta`. Not in structuredContent: a client validates that against the tool's output
 * schema even on an error (the official SDK's Client does), and an error body is not the route's answer.
 */
function refusal(answer: unknown, retryAfter: string | undefined): CallToolResult {
  const body = (answer ?? {}) as { code?: number; error?: string; message?: string };
  // Read by the agent's user: the wait in words, not Retry-After's seconds.
  const seconds = Number(retryAfter);
  const retry =
    retryAfter === undefined || !Number.isFinite(seconds) ? '' : ` Retry after ${waitInWords(seconds)}.`;
  const text = body.message ?? `${body.error ?? 'Error'}.${retry}`;
  return { isError: true, content: [{ type: 'text', text }], _meta: { error: body } };
}

/** The short text beside the JSON: what the tool answered, and the lottery's freshness where the route sends it. */
function summaryOf(
  tool: McpToolDefinition,
  args: ToolArguments,
  answer: unknown,
  freshness: string | undefined,
): string {
  const tag = typeof args.tag === 'string' ? ` (${args.tag})` : '';
  const draw = answer as { date?: string; round?: number; numbers?: { value: number; special: boolean }[] };
  let line = `${tool.title}${tag}: the answer is the JSON below.`;
  if (typeof draw.date === 'string' && Array.isArray(draw.numbers)) {
    const main = draw.numbers.filter((n) => !n.special).map((n) => n.value);
    const special = draw.numbers.filter((n) => n.special).map((n) => n.value);
    const round = draw.round === undefined ? '' : `, round ${draw.round}`;
    line =
      `${tool.title}${tag}: ${draw.date}${round}: main ${main.join(' ')}` +
      (special.length ? `, special ${special.join(' ')}.` : '.');
  }
  return freshness ? `${line} Freshness of the lottery's draws: ${freshness}.` : line;
}
