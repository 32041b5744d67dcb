import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  /** The request's path and query (tests give each subscription its own). */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  raw: string;
  body: { id: string; type: string; createdAt: string; data: { lottery: string | null; draw: unknown } };
}

/**
 * A local webhook receiver: records every POST and answers `status` (a function of the attempt number lets a
 * test make it fail for a while, then recover).
 */
export async function startReceiver(status: (attempt: number) => number = () => 200) {
  const received: Received[] = [];
  let attempts = 0;
  let answer = status;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      attempts += 1;
      const raw = Buffer.concat(chunks).toString('utf8');
      const code = answer(attempts);
      if (code >= 200 && code < 300)
        received.push({ path: request.url ?? '', headers: request.headers, raw, body: JSON.parse(raw) });
      response.writeHead(code, { 'Content-Type': 'text/plain' }).end(code < 300 ? 'thanks' : `nope ${code}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    /** The deliveries answered with a 2xx, in arrival order. */
    received,
    attempts: () => attempts,
    answerWith(next: (attempt: number) => number) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether `header` (`t=…,v1=…[,v1=…]`) holds a valid signature of `raw` by `secret`. */
export function signedBy(header: string | string[] | undefined, raw: string, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((part) => part.split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
  return parts.some(([key, value]) => key === 'v1' && value === expected);
}
