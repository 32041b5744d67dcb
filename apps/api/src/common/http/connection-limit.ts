import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../errors/api-error';
import { rawResponse } from './client-errors';

/** How long a refused connection may linger after its 429 (so the client reads it rather than a reset). */
const REFUSED_LINGER_MS = 1000;

/**
 * At most `max` open connections per peer address: past it, a new connection is answered at once with the
 * contract's 429 and closed, so one client holding many (slow) connections cannot crowd the others out. Behind a
 * load balancer every connection comes from its address, which is why the cap is off by default under TRUST_PROXY.
 *
 * A refused connection never reaches Node's HTTP handling: the server's own `connection` listeners (the one that
 * attaches the HTTP parser) run only for accepted connections, so a request sent at once on a refused connection
 * is not served behind the 429. Its socket is closed for good shortly after the answer, also when the client keeps
 * its side open (the HTTP server allows half-open sockets, which would otherwise hold a descriptor forever).
 */
export function limitConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  const accept = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      refuse(socket);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    for (const listener of accept) listener.call(server, socket);
  });
}

/** Answers 429 and closes: what the client sends is read and dropped until it closes or the linger ends. */
function refuse(socket: Socket): void {
  const linger = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
  linger.unref();
  socket.on('error', () => socket.destroy());
  socket.on('close', () => clearTimeout(linger));
  socket.on('end', () => socket.destroy());
  socket.resume();
  socket.end(rawResponse(ApiError.tooManyRequests(), { 'Retry-After': '1' }));
}
