import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

type Answer = { status?: number; type?: string; body: string };

/**
 * A stand-in for an operator's publication on 127.0.0.1 (no test reaches the network): each path answers what the
 * test sets with `answer(path, …)`, anything else 404. Records the paths asked for.
 */
export async function startSourceServer() {
  const requests: string[] = [];
  const answers = new Map<string, Answer>();
  const sockets = new Set<Socket>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const answer = answers.get(path) ?? { status: 404, type: 'text/plain', body: 'not found' };
    response.writeHead(answer.status ?? 200, { 'Content-Type': answer.type ?? 'application/json' });
    response.end(answer.body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    url: (path: string) => base + path,
    answer(path: string, value: Answer) {
      answers.set(path, value);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SourceServer = Awaited<ReturnType<typeof startSourceServer>>;

/** A draw as New York's open data (Socrata) publishes Powerball: `winning_numbers` "n1 n2 n3 n4 n5 PB". */
export function socrataPowerballRow(date: string, main: number[], powerball: number) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    draw_date: `${date}T00:00:00.000`,
    winning_numbers: [...main, powerball].map(pad).join(' '),
    multiplier: '2',
  };
}
