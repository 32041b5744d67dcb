import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * How a cut link behaves for new connections:
 * - `refuse`: accepted and closed at once, as a server that is down (the client sees a reset or an unexpected end
 *   at once);
 * - `blackhole`: accepted and never answered, as a network partition or a hung server (the client waits for its
 *   own timeouts).
 * - `freeze`: as `blackhole`, but the open connections are kept and silently stop carrying data in either
 *   direction (a partition the client does not notice: it sees no close, its requests just get no answer).
 * - `hold`: as `freeze`, but what the client sends meanwhile is kept, and delivered to the server when the link is
 *   restored, before the connection closes (TCP retransmitting once a partition heals: the worst case for a client
 *   that gave up, whose queued queries then reach the server).
 */
export type CutMode = 'refuse' | 'blackhole' | 'freeze' | 'hold';

export interface TcpProxy {
  /** The port the proxy listens on, on 127.0.0.1. */
  readonly port: number;
  readonly host: string;
  /** Connections currently forwarded (both ends open). */
  readonly openConnections: number;
  /**
   * Simulates an outage: destroys every forwarded connection (`freeze`: stops carrying their data); new ones are
   * refused or blackholed.
   */
  cut(mode?: CutMode): void;
  /** Ends the outage: new connections are forwarded again. */
  restore(): void;
  /** Closes the proxy and every connection through it. */
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free port of 127.0.0.1 forwarding to `targetHost:targetPort`, so that a test can take a shared
 * server (PostgreSQL, Redis) away from one app without stopping it for everyone else.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  /** Sockets held open without an answer while blackholed. */
  const held = new Set<Socket>();
  let state: 'open' | CutMode = 'open';
  /** Connections kept open but no longer carrying anything (`freeze`), destroyed on restore. */
  const frozen = new Set<Socket>();
  /** Connections cut in `hold` mode, with the bytes their clients sent since: delivered on restore. */
  const holding = new Map<Socket, { upstream: Socket; bytes: Buffer[] }>();

  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (state === 'refuse') {
      client.destroy();
      return;
    }
    if (state === 'blackhole' || state === 'freeze' || state === 'hold') {
      held.add(client);
      client.on('close', () => held.delete(client));
      client.on('data', () => undefined); // read and drop: never answer
      return;
    }
    client.pause();
    const upstream = connect({ host: targetHost, port: targetPort });
    const pair = { client, upstream };
    pairs.add(pair);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('connect', () => {
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    const done = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', done);
    upstream.on('close', done);
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const proxy: TcpProxy = {
    port,
    host: '127.0.0.1',
    get openConnections() {
      return pairs.size;
    },
    cut(mode: CutMode = 'refuse') {
      state = mode;
      for (const { client, upstream } of [...pairs]) {
        if (mode === 'hold') {
          client.unpipe(upstream);
          upstream.unpipe(client);
          const kept = { upstream, bytes: [] as Buffer[] };
          client.on('data', (chunk: Buffer) => kept.bytes.push(chunk));
          upstream.on('data', () => undefined); // the server's answers are lost
          // Unpiped streams are paused: read on.
          client.resume();
          upstream.resume();
          holding.set(client, kept);
          // A client that gives up (a reset) takes nothing back: what it sent is already on its way.
          for (const socket of [client, upstream]) {
            socket.removeAllListeners('close');
            socket.removeAllListeners('error');
            socket.on('error', () => undefined);
          }
        } else if (mode === 'freeze') {
          client.unpipe(upstream);
          upstream.unpipe(client);
          for (const socket of [client, upstream]) {
            socket.on('data', () => undefined); // read and drop
            frozen.add(socket);
          }
        } else {
          client.destroy();
          upstream.destroy();
        }
      }
      pairs.clear();
    },
    restore() {
      state = 'open';
      // The held bytes reach the server, and the connection then ends (the client is long gone).
      for (const [client, { upstream, bytes }] of holding) {
        client.destroy();
        upstream.end(Buffer.concat(bytes));
      }
      holding.clear();
      // Connections held by a blackhole or frozen stay dead: their clients see them close and reconnect.
      for (const socket of [...held, ...frozen]) socket.destroy();
      held.clear();
      frozen.clear();
    },
    async close() {
      proxy.cut('refuse');
      for (const [client, { upstream }] of holding) {
        client.destroy();
        upstream.destroy();
      }
      holding.clear();
      for (const socket of [...held, ...frozen]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}

/** `url` with its host and port replaced by the proxy's (user, password, database and query kept). */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = proxy.host;
  parsed.port = String(proxy.port);
  return parsed.toString();
}
