import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExcludeEndpoint, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { BodyLimit } from '../../common/http/body-limit';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { Auth } from '../guards/auth.decorator';
import { MCP_BATCH_LIMIT } from './mcp-admission.guard';
import { McpEndpoint } from './mcp-server';

/** check_ticket's largest arguments (its REST route takes 64 KB) inside a JSON-RPC envelope. */
const MCP_BODY_LIMIT = 80 * 1024;

export const MCP_POST_ONLY =
  'Method not allowed. The MCP endpoint is stateless: send each JSON-RPC message as a POST.';

const EXAMPLE_CALL = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'latest_draw', arguments: { tag: 'eu_euromillions' } },
};

/**
 * The Model Context Protocol endpoint (contract section 11): AI agents use the lottery routes as MCP tools, with
 * the same token, quota and answers (McpEndpoint). A browser page's origin, the token and the account's license
 * are checked before the body is read; the POST's messages are then counted in the account's rate windows
 * (McpAdmissionGuard), and each tool call is checked and metered as its REST route.
 */
@ApiTags('mcp')
@Controller('mcp')
export class McpController {
  constructor(private readonly endpoint: McpEndpoint) {}

  @Post()
  @Auth('mcp', { beforeBody: true })
  @BodyLimit(MCP_BODY_LIMIT)
  @ApiOperation({
    summary: 'Model Context Protocol (Streamable HTTP, stateless) for AI agents.',
    description:
      'JSON-RPC 2.0 messages of MCP: `initialize`, `tools/list` and `tools/call` of the tools ' +
      'list_lotteries, get_lottery, latest_draw, draw_on_date, search_draws, check_ticket, number_stats, ' +
      'draw_prizes and next_draw. Each tool call runs its REST route: the same checks, one unit of quota, the ' +
      "route's JSON as `structuredContent`; a refusal is a result with `isError` and the contract's message. " +
      "Every other message (initialize, tools/list, ping, notifications) costs no quota but one unit of the license's " +
      'rate limits, counted before the exchange (429 over them). A batch holds at most ' +
      `${MCP_BATCH_LIMIT} messages. ` +
      'The API token goes in `X-API-Token` or `Authorization: Bearer <api token>`; the account must be enabled and ' +
      'licensed (403); a browser page must be of an allowed origin (403). The client must accept ' +
      '`application/json, text/event-stream` (else 406). GET and DELETE answer 405 (no sessions).',
  })
  @ApiBody({
    description: 'A JSON-RPC 2.0 request or notification of MCP, or a batch of them.',
    schema: { type: 'object', example: EXAMPLE_CALL },
  })
  @ApiResponse({ status: 200, description: 'The JSON-RPC answer.', schema: { type: 'object' } })
  @ApiResponse({ status: 202, description: 'A notification, accepted (no body).' })
  @ApiErrorResponse(
    400,
    `Not a JSON-RPC message of MCP, or a batch of more than ${MCP_BATCH_LIMIT}.`,
    'Parse error: Invalid JSON-RPC message',
  )
  async exchange(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = await this.endpoint.exchange(request);
    reply.status(answer.status);
    if (answer.body === undefined) return void reply.send();
    void reply.type(answer.contentType ?? JSON_CONTENT_TYPE).send(answer.body);
  }

  /** No event stream to open: the stateless endpoint answers every message on its POST (MCP: 405 then). */
  @Get()
  @Auth('public')
  @ApiExcludeEndpoint()
  openStream(): never {
    throw postOnly();
  }

  /** No session to end. */
  @Delete()
  @Auth('public')
  @ApiExcludeEndpoint()
  endSession(): never {
    throw postOnly();
  }
}

function postOnly(): ApiError {
  return new ApiError(405, ApiError.of(405, MCP_POST_ONLY).body, { Allow: 'POST' });
}
