import Fastify from 'fastify';
import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainHttp, trackAnswers } from './graceful-drain';

/** GET over `agent`; resolves to the status and the Connection header of the answer. */
function get(port: number, path: string, agent: Agent): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('graceful drain', () => {
  it('keeps connections open while serving, then makes the answers in flight at shutdown their last', async () => {
    const app = Fastify();
    const answering = trackAnswers(app);
    app.get('/slow', () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 300)));
    app.get('/fast', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true });
    try {
      expect(await get(port, '/fast', agent)).toEqual({ status: 200, connection: 'keep-alive' });

      const inFlight = get(port, '/slow', agent);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const drained = drainHttp(app, answering, 5000);
      // Answered in full, and told that the connection ends with it.
      expect(await inFlight).toEqual({ status: 200, connection: 'close' });
      await drained;
      expect(app.server.listening).toBe(false);
    } finally {
      agent.destroy();
      await app.close().catch(() => undefined);
    }
  });
});
