import Fastify from 'fastify';
import { installRequestTimeout } from './request-timeout';

describe('installRequestTimeout', () => {
  const app = Fastify();
  installRequestTimeout(app, 100);
  app.get('/slow', () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 300)));
  app.get('/fast', async () => ({ ok: true }));
  afterAll(() => app.close());

  it('answers a handler that outlives the timeout with the contract 408', async () => {
    const response = await app.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode).toBe(408);
    expect(response.json()).toEqual({
      code: 408,
      error: 'Request Timeout',
      message: 'The request took too long to process. Please try again.',
    });
  });

  it('passes a prompt answer through', async () => {
    const response = await app.inject({ method: 'GET', url: '/fast' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
