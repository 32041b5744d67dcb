import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { licensedPrincipal } from '../guards/principal';
import { Admission, refusalError } from '../metering/admission';
import { meterOf, recordOnMeter } from '../metering/request-meter';
import { MCP_TOOLS } from './mcp-tools';

/** The most JSON-RPC messages one POST may hold: what one request can make the service answer stays bounded. */
export const MCP_BATCH_LIMIT = 10;

const TOOL_NAMES = new Set(MCP_TOOLS.map((tool) => tool.name));

/** The JSON-RPC messages of a POST: a batch's, or the one it holds. */
function messagesOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

/**
 * Whether the POST counts `message` in the account's rate windows: every message but a call of a known tool, which
 * runs its REST route in-process, and the route counts it (in the same windows) and charges its unit of quota.
 */
function countedHere(message: unknown): boolean {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
  return !(method === 'tools/call' && typeof params?.name === 'string' && TOOL_NAMES.has(params.name));
}

/**
 * The MCP endpoint's last check before the exchange (contract section 11), once the token and the license have
 * passed: a batch holds at most MCP_BATCH_LIMIT messages (else 400), and every message the POST answers itself
 * (initialize, tools/list, ping, notifications…) costs one unit of the account's rate windows: the license's
 * per-second, per-minute and per-hour limits, the very counters of the metered routes (admission's), all the
 * POST's units in one store call. Over a limit → the contract's 429, nothing answered. No
 * quota is charged here: `tools/list` stays free of quota, but not of limits (it is the endpoint's largest answer).
 *
 * It reads the parsed body, so it runs in Nest's chain only, never among the checks before the body.
 */
@Injectable()
export class McpAdmissionGuard implements CanActivate {
  static readonly readsBody = true;

  constructor(private readonly admission: Admission) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const messages = messagesOf(request.body);
    if (messages.length > MCP_BATCH_LIMIT) {
      throw ApiError.badRequest(Messages.mcpBatchTooLarge(MCP_BATCH_LIMIT));
    }
    const units = messages.filter(countedHere).length;
    if (units === 0) return true;
    const verdict = await this.admission.admitMessages(licensedPrincipal(request), units);
    recordOnMeter(meterOf(request), verdict);
    if (!verdict.admitted) throw refusalError(verdict.refusal);
    return true;
  }
}
