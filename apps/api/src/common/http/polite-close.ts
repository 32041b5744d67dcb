import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DrainPacer } from './drain-pacer';

const LINGERING = Symbol('closes after its answer, reading what the client still sends');

/** Whether the request announced a body (a length above 0, or chunks). */
function announcesBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

/** Bodies announced at this size or less are read and dropped at once (a chunked body is always paced). */
const UNPACED_BODY_BYTES = 64 * 1024;

/** One pacer for the process: its budget is what every lingering connection together may cost. */
const pacer = new DrainPacer();

/**
 * For an answer sent before the request's body has all arrived (a 413, an import's 401 or 403, a 429): the
 * client may still be writing, and one that writes its whole body before it reads must still get the answer.
 * Node's HTTP server ends a `Connection: close` exchange by destroying the socket as soon as the answer is
 * flushed: the client's next writes fail (EPIPE) and the reset can discard the answer from its receive buffer.
 *
 * Here the answer says `Connection: close`, and once it is flushed only the sending side closes. What the client
 * still sends is read and dropped, at the pace DrainPacer allows (reading at the loopback's speed cost the 10 MiB
 * bodies of issue 29 two thirds of a core), until the client closes its side, or `lingerMs` has passed
 * (BODY_TIMEOUT_MS: also when Node's own request timeout, which ends a body still arriving, finds the socket:
 * handleClientError destroys a socket that no longer writes).
 */
export function closeAfterEarlyAnswer(request: FastifyRequest, reply: FastifyReply, lingerMs: number): void {
  if (request.raw.complete || !announcesBody(request.headers)) return;
  reply.header('Connection', 'close');
  const socket = request.raw.socket as (Socket & { [LINGERING]?: true }) | null;
  if (!socket || socket[LINGERING]) return;
  socket[LINGERING] = true;
  // Called by Node's HTTP server when the answer is finished (its way to close after `Connection: close`).
  // A small body is read at once, as it costs nothing: pacing it would only keep its connection open longer (a
  // client refused hundreds of times a second would pile up connections waiting for their turn).
  const paced = !(Number(request.headers['content-length']) <= UNPACED_BODY_BYTES);
  socket.destroySoon = function closeSendingSide(this: Socket) {
    this.end();
    const linger = setTimeout(() => this.destroy(), lingerMs);
    linger.unref();
    this.once('close', () => clearTimeout(linger));
    if (paced) pacer.add(this);
  };
}
