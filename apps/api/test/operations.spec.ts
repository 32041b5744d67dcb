import type { TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';
import type { Http } from './support/http';
import { errorBody, Messages } from './support/contract-errors';
import { bundleFigures } from './support/bundle';

/** The contract body of each documented error status that carries a message (429 has none; 503 is skipped). */
const CONTRACT_BODY: Record<string, (message: string) => object> = {
  '400': errorBody.badRequest,
  '401': errorBody.unauthorized,
  '403': errorBody.forbidden,
  '404': errorBody.notFound,
  '408': errorBody.requestTimeout,
  '409': errorBody.conflict,
  '410': errorBody.gone,
};

describe('operations routes', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    ({ app, api } = await withSharedApp());
  });
  afterAll(() => app.close());

  it('answers liveness and readiness', async () => {
    expect((await api.get('/health/live')).status).toBe(200);
    const ready = await api.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.details.database.status).toBe('up');
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const doc = await api.get('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.components.securitySchemes.apiToken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Token',
    });
    // Every metered operation says what a request of it costs of the monthly quota (contract section 5, step 7).
    const operations = Object.values<Record<string, any>>(doc.body.paths).flatMap((path) =>
      Object.values(path),
    );
    const metered = operations.filter((op) => op.security?.some((s: object) => 'apiToken' in s));
    expect(metered.length).toBeGreaterThan(10);
    expect(metered.filter((op) => op['x-quota-cost'] !== 1).map((op) => op.operationId)).toEqual([
      // MCP: each tool call it carries costs the unit of the route it runs, not the message.
      'exchange',
    ]);
    const ui = await api.get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('shows, for every documented error status, the body the service sends for it', async () => {
    const doc = (await api.get('/openapi.json')).body;
    expect(doc.tags.map((tag: { name: string }) => tag.name).slice(0, 2)).toEqual(['lotteries', 'draws']);
    let checked = 0;
    for (const [path, operations] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (Number(status) < 400 || Number(status) === 503) continue;
          const example = response.content?.['application/json']?.example;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          expect({ where, example }).toEqual({
            where,
            example:
              status === '429'
                ? errorBody.tooManyRequests()
                : (CONTRACT_BODY[status] ?? ((message) => ({ code: Number(status), message })))(
                    expect.stringMatching(/\S/),
                  ),
          });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(80);
  });

  it('sends security headers on the docs, and none of them on API answers', async () => {
    const docs = await api.get('/docs');
    expect(docs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(docs.headers.get('x-content-type-options')).toBe('nosniff');
    expect(docs.headers.get('referrer-policy')).toBe('no-referrer');
    const answer = await api.get('/health/live');
    expect(answer.headers.get('content-security-policy')).toBeNull();
    expect(answer.headers.get('x-frame-options')).toBeNull();
  });

  it('answers unknown routes with the contract 404 body', async () => {
    const res = await api.get('/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody.notFound(Messages.resourceNotFound));
  });

  it('exposes Prometheus metrics', async () => {
    await api.get('/health/live');
    const res = await api.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain('http_requests_total{method="GET",route="/health/live",status="200"}');
    // Every bundled lottery is scheduled; the bundled history ends before today, so each game still played is hours
    // behind; a game that has ended (Cash4Life) is never behind.
    const behind = [...res.text.matchAll(/^lottery_hours_behind\{lottery="(\w+)"\} ([\d.]+)$/gm)];
    expect(behind.map((m) => m[1])).toContain('us_powerball');
    expect(behind).toHaveLength(bundleFigures().lotteries);
    for (const [, tag, hours] of behind)
      if (tag === 'us_cash4life') expect(Number(hours)).toBe(0);
      else expect(Number(hours)).toBeGreaterThan(24);
  });

  it('sends a request id on every response', async () => {
    const res = await api.get('/health/live');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
