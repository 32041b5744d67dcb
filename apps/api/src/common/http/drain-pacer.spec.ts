import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { DrainPacer } from './drain-pacer';

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DrainPacer', () => {
  let server: Server;
  const accepted: Socket[] = [];

  beforeEach(async () => {
    server = createServer((socket) => accepted.push(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterEach(async () => {
    for (const socket of accepted.splice(0)) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A client that writes `bytes` as fast as the server reads them: the server's side, and when all is written. */
  async function sendInOneGo(bytes: number): Promise<{ written: Promise<void>; serverSide: Socket }> {
    const { port } = server.address() as { port: number };
    const count = accepted.length;
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    while (accepted.length === count) await sleep(1);
    const serverSide = accepted[count];
    // Flowing, as Node's HTTP server leaves a body it drops.
    serverSide.on('data', () => undefined);
    const written = new Promise<void>((resolve) => client.write(Buffer.alloc(bytes), () => resolve()));
    void written.finally(() => client.destroy());
    return { written, serverSide };
  }

  it('reads a refused body at its pace, while an unpaced one beside it is read at the speed of the link', async () => {
    const pacer = new DrainPacer(1 * MiB);
    const paced = await sendInOneGo(64 * MiB);
    const unpaced = await sendInOneGo(64 * MiB);
    const started = Date.now();
    pacer.add(paced.serverSide);
    // However loaded the machine: until the link has carried 32 MiB to the unpaced reader (at most 20 s).
    while (unpaced.serverSide.bytesRead < 32 * MiB && Date.now() - started < 20_000) await sleep(10);
    const seconds = (Date.now() - started) / 1000;
    expect(unpaced.serverSide.bytesRead).toBeGreaterThanOrEqual(32 * MiB);
    // The budget for that time (1 MiB/s), the credit carried in, and what the kernel held at each pause.
    expect(paced.serverSide.bytesRead).toBeLessThan(seconds * MiB + 8 * MiB);
  }, 30_000);

  it('reads all of it in the end: 24 MiB at the default 16 MiB a second', async () => {
    const pacer = new DrainPacer();
    const { written, serverSide } = await sendInOneGo(24 * MiB);
    pacer.add(serverSide);
    const started = Date.now();
    await written;
    expect(Date.now() - started).toBeGreaterThan(500);
  }, 20000);

  it('drains at its pace a body that an HTTP server answered early (its parser reads the socket)', async () => {
    const pacer = new DrainPacer();
    // As closeAfterEarlyAnswer does: the answer first, then the rest of the body is read and dropped, paced.
    const http = createHttpServer((request, response) => {
      request.socket.destroySoon = function closeSendingSide(this: Socket) {
        this.end();
        pacer.add(this);
      };
      response.writeHead(413, { Connection: 'close' }).end();
    });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const client = connect((http.address() as AddressInfo).port, '127.0.0.1');
    try {
      await once(client, 'connect');
      const bytes = 20 * MiB;
      const started = Date.now();
      client.write(`POST / HTTP/1.1\r\nHost: test\r\nContent-Length: ${bytes}\r\n\r\n`);
      const body = Buffer.alloc(bytes);
      for (let at = 0; at < bytes; at += 64 * 1024)
        if (!client.write(body.subarray(at, at + 64 * 1024))) await once(client, 'drain');
      // About a second at 16 MiB/s; read one event-loop pass a tick, TCP's window stayed small and it took 6–10 s.
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      client.destroy();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  }, 20000);
});
