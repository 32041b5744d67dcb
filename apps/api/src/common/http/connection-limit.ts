import type { Server } from 'node:http';
import { ApiError } from '../errors/api-error';
import { rawResponse } from './client-errors';

/**
 * At most `max` open connections per peer address: past it, a new connection is answered at once with the
 * contract's 429 and closed, so one client holding many (slow) connections cannot crowd the others out. Behind a
 * load balancer every connection comes from its address, which is why the cap is off by default under TRUST_PROXY.
 */
export function limitConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(rawResponse(ApiError.tooManyRequests(), { 'Retry-After': '1' }));
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
