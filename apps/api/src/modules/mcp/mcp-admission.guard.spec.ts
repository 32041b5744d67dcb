import { errorBody, Messages } from '../../../test/support/contract-errors';
import { admissionInMemory } from '../../../test/support/admission';
import { httpContextOf } from '../../../test/support/http-context';
import { refusalOf } from '../../../test/support/refusals';
import type { Principal } from '../guards/principal';
import type { RequestMeter } from '../metering/request-meter';
import { MCP_BATCH_LIMIT, McpAdmissionGuard } from './mcp-admission.guard';

const principal: Principal = {
  accountId: '00000000-0000-4000-8000-000000000009',
  email: 'agent@example.test',
  role: 'user',
  disabled: false,
  license: { name: 'agents', monthlyQuota: 100, perSecond: 5, perMinute: 100, perHour: 1000 },
  sessionVersion: 0,
  tokenId: 'agent-token',
};
const message = (method: string, id = 1) => ({ jsonrpc: '2.0', id, method });
const toolCall = (name: string) => ({ ...message('tools/call'), params: { name, arguments: {} } });

describe('McpAdmissionGuard: the messages an MCP POST answers itself, in the account windows', () => {
  function setUp() {
    const { admission, store, recorded } = admissionInMemory();
    return { guard: new McpAdmissionGuard(admission), store, recorded };
  }
  const post = (body: unknown): { principal: Principal; body: unknown; meter?: RequestMeter } => ({
    principal,
    body,
  });

  it('counts each message but the calls of known tools, all in one store call, and charges no quota', async () => {
    const { guard, store, recorded } = setUp();
    const hits = jest.spyOn(store, 'rateLimitHits');
    const request = post([
      message('tools/list', 1),
      toolCall('latest_draw'),
      toolCall('buy_ticket'),
      message('ping', 2),
    ]);
    expect(await guard.canActivate(httpContextOf(request))).toBe(true);
    expect(hits).toHaveBeenCalledTimes(1);
    expect(hits.mock.calls[0][0].map((rule) => rule.cost)).toEqual([3, 3, 3]);
    expect(request.meter?.rateWindows[0]).toEqual({ limit: 5, remaining: 2, resetSeconds: 1 });
    expect(recorded).toEqual([]);
  });

  it('counts nothing for a POST of known tool calls only: each is admitted as its route', async () => {
    const { guard, store } = setUp();
    const hits = jest.spyOn(store, 'rateLimitHits');
    const request = post(toolCall('latest_draw'));
    expect(await guard.canActivate(httpContextOf(request))).toBe(true);
    expect(hits).not.toHaveBeenCalled();
    expect(request.meter).toBeUndefined();
  });

  it(`refuses a batch of more than ${MCP_BATCH_LIMIT} with the 400 naming the limit, counting nothing`, async () => {
    const { guard, store } = setUp();
    const hits = jest.spyOn(store, 'rateLimitHits');
    const batch = Array.from({ length: MCP_BATCH_LIMIT + 1 }, (_, i) => message('ping', i + 1));
    expect(await refusalOf(() => guard.canActivate(httpContextOf(post(batch))))).toEqual({
      status: 400,
      body: errorBody.badRequest(Messages.mcpBatchTooLarge(MCP_BATCH_LIMIT)),
    });
    expect(hits).not.toHaveBeenCalled();
  });

  it('refuses a POST that does not fit in a window whole with the 429 and Retry-After, counting none of it', async () => {
    const { guard } = setUp();
    expect(await guard.canActivate(httpContextOf(post([message('ping', 1), message('ping', 2)])))).toBe(true);
    const request = post([1, 2, 3, 4].map((id) => message('ping', id)));
    expect(await refusalOf(() => guard.canActivate(httpContextOf(request)))).toEqual({
      status: 429,
      body: errorBody.tooManyRequests(),
    });
    expect(request.meter?.retryAfterSeconds).toBe(1);
    // The refused four took nothing: three still fit.
    expect(await guard.canActivate(httpContextOf(post([1, 2, 3].map((id) => message('ping', id)))))).toBe(
      true,
    );
  });
});
