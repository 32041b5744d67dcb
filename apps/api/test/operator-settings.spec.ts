import { startApiProcess } from './support/api-process';
import { errorBody, Messages } from './support/contract-errors';
import { http } from './support/http';
import { createTestApp, provisionDatabase } from './support/test-app';
import { eventually } from './support/timing';

const METRICS_TOKEN = 'scrape-token-0123456789';
const REFUSED = errorBody.unauthorized(Messages.metricsTokenInvalid);

describe('operator settings', () => {
  it('METRICS_TOKEN closes /metrics to anyone who does not send it as a bearer token', async () => {
    const app = await createTestApp({ METRICS_TOKEN });
    try {
      const api = http(app.baseUrl);
      const missing = await api.get('/metrics');
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual(REFUSED);
      for (const authorization of [
        `Bearer ${METRICS_TOKEN}x`,
        `Basic ${METRICS_TOKEN}`,
        METRICS_TOKEN,
        'Bearer',
      ])
        expect((await api.get('/metrics', { headers: { Authorization: authorization } })).body).toEqual(
          REFUSED,
        );
      const scraped = await api.get('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(scraped.text).toContain('http_requests_total');
      // The health probes stay open: a load balancer sends no token.
      expect((await api.get('/health/ready')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('without METRICS_TOKEN, /metrics answers clients on this machine only (the address TRUST_PROXY resolves)', async () => {
    const app = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const api = http(app.baseUrl);
      const local = await api.get('/metrics');
      expect(local.status).toBe(200);
      expect(local.text).toContain('http_requests_total');
      const viaLocalProxy = await api.get('/metrics', { headers: { 'X-Forwarded-For': '127.0.0.1' } });
      expect(viaLocalProxy.status).toBe(200);
      for (const remote of ['203.0.113.5', '10.1.2.3', '2001:db8::1']) {
        const res = await api.get('/metrics', { headers: { 'X-Forwarded-For': remote } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual(errorBody.forbidden(Messages.metricsLocalOnly));
      }
    } finally {
      await app.close();
    }
  });

  it('with METRICS_TOKEN, a remote scraper that sends it reads /metrics', async () => {
    const app = await createTestApp({ METRICS_TOKEN, TRUST_PROXY: 'loopback' });
    try {
      const res = await http(app.baseUrl).get('/metrics', {
        headers: { 'X-Forwarded-For': '203.0.113.5', Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('with a hop count, a client cannot choose its address by writing X-Forwarded-For itself', async () => {
    // The test plays one proxy that appends to the header (nginx's $proxy_add_x_forwarded_for): the client wrote
    // the entries before the last one, the proxy the last one (the address it saw).
    const app = await createTestApp({ TRUST_PROXY: '1', IP_RATE_LIMIT: '3/m' });
    try {
      const api = http(app.baseUrl);
      const via = (forged: string, seen: string) => ({
        headers: { 'X-Forwarded-For': `${forged}, ${seen}` },
      });
      const statuses = [];
      for (const forged of ['10.0.0.1', '10.0.0.2', '2001:db8::7', '127.0.0.1'])
        statuses.push((await api.get('/licenses/default', via(forged, '203.0.113.9'))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await api.get('/licenses/default', via('203.0.113.9', '203.0.113.10'))).status).toBe(200);
      // Nor is a remote client local to /metrics for naming 127.0.0.1 first.
      const metrics = await api.get('/metrics', via('127.0.0.1', '203.0.113.11'));
      expect(metrics.body).toEqual(errorBody.forbidden(Messages.metricsLocalOnly));
    } finally {
      await app.close();
    }
  });

  it('/metrics is under the per-IP limit like every route but the health probes', async () => {
    const app = await createTestApp({ IP_RATE_LIMIT: '3/m' });
    try {
      const api = http(app.baseUrl);
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await api.get('/metrics')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await api.get('/metrics');
      expect(limited.body).toEqual(errorBody.tooManyRequests());
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await api.get('/health/live')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('HOST chooses the listen address (here 127.0.0.2: nothing answers on 127.0.0.1)', async () => {
    const database = await provisionDatabase();
    const api = await startApiProcess({
      HOST: '127.0.0.2',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      REDIS_URL: '',
      LOG_LEVEL: 'log',
    });
    try {
      expect(api.baseUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
      expect((await fetch(`${api.baseUrl}/health/live`)).status).toBe(200);
      const port = new URL(api.baseUrl).port;
      const elsewhere = await fetch(`http://127.0.0.1:${port}/health/live`).then(
        (r) => `answered ${r.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(elsewhere).toBe('ECONNREFUSED');
      // The welcome message points at the address it listens on. It is printed once the start-up lines are
      // written, which can be a moment after the server answers: waited for.
      await eventually(async () => expect(api.output()).toContain(`is ready on ${api.baseUrl}`), 10_000);
    } finally {
      await api.stop('SIGTERM');
      await database.dispose();
    }
  });
});
