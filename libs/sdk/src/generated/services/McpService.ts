/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class McpService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * Model Context Protocol (Streamable HTTP, stateless) for AI agents.
   * JSON-RPC 2.0 messages of MCP: `initialize`, `tools/list` and `tools/call` of the tools list_lotteries, get_lottery, latest_draw, draw_on_date, search_draws, check_ticket, number_stats, draw_prizes and next_draw. Each tool call runs its REST route: the same checks, one unit of quota, the route's JSON as `structuredContent`; a refusal is a result with `isError` and the contract's message. Every other message (initialize, tools/list, ping, notifications) costs no quota but one unit of the license's rate limits, counted before the exchange (429 over them). A batch holds at most 10 messages. The API token goes in `X-API-Token` or `Authorization: Bearer <api token>`; the account must be enabled and licensed (403); a browser page must be of an allowed origin (403). The client must accept `application/json, text/event-stream` (else 406). GET and DELETE answer 405 (no sessions).
   * @returns any The JSON-RPC answer.
   * @throws ApiError
   */
  public exchange({
    requestBody,
  }: {
    /**
     * A JSON-RPC 2.0 request or notification of MCP, or a batch of them.
     */
    requestBody: Record<string, any>,
  }): CancelablePromise<Record<string, any>> {
    return this.httpRequest.request({
      method: 'POST',
      url: '/mcp',
      body: requestBody,
      mediaType: 'application/json',
      errors: {
        400: `Not a JSON-RPC message of MCP, or a batch of more than 10.`,
        401: `API token missing or unknown (in X-API-Token or Authorization: Bearer).`,
        403: `A browser page's origin not allowed, account disabled, or without license.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
}
