import { createTestApp, TestApp } from './support/test-app';
import { http, Http } from './support/http';

describe('operations routes', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp();
    api = http(app.baseUrl);
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
    const ui = await api.get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('answers unknown routes with the contract 404 body', async () => {
    const res = await api.get('/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, error: 'Not Found', message: 'Resource not found.' });
  });

  it('exposes Prometheus metrics', async () => {
    await api.get('/health/live');
    const res = await api.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain('http_requests_total{method="GET",route="/health/live",status="200"}');
  });

  it('sends a request id on every response', async () => {
    const res = await api.get('/health/live');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
