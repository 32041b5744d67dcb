import { randomBytes } from 'node:crypto';

/**
 * The requests the service makes to itself (an MCP tool call runs its REST route in-process, through Fastify's
 * inject) carry this header with a secret drawn when the process starts: a hook that counts what arrives from
 * outside (the client-IP limit) can tell them from a client's, which cannot guess the secret, and counts each
 * client request once.
 */
const HEADER = 'x-in-process-request';
const SECRET = randomBytes(18).toString('base64url');

export function inProcessRequestHeaders(): Record<string, string> {
  return { [HEADER]: SECRET };
}

export function isInProcessRequest(request: { headers: Record<string, unknown> }): boolean {
  return request.headers[HEADER] === SECRET;
}
