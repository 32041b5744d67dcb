import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '..', 'fixtures', 'sources');

export interface SourceRequest {
  path: string;
  query: URLSearchParams;
  userAgent: string;
  at: number;
  /** The conditional headers it sent, when it sent them. */
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** The status answered (undefined while unanswered: a hang). */
  status?: number;
}

type Answer =
  | {
      status?: number;
      type?: string;
      body: string | Buffer;
      headers?: Record<string, string>;
      reason?: string;
    }
  | 'hang';

/**
 * A local stand-in for the operators' publications: serves the fixtures of test/fixtures/sources under
 * /files/<name>, and whatever a test sets with `answer(path, …)` (a status and its reason phrase, headers, a
 * body, or a hang). Records every request, so tests see what the adapters asked for and which instance asked,
 * and counts connections (a refused fetch opens none). Conditional GETs are honoured as a web server does: a 2xx
 * answer with an `ETag` header is answered 304 to an `If-None-Match` that names it; one with `Last-Modified` (and
 * no If-None-Match asked) to an `If-Modified-Since` not before it.
 */
export async function startSourceServer() {
  const requests: SourceRequest[] = [];
  const answers = new Map<string, Answer>();
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const recorded: SourceRequest = {
      path: url.pathname,
      query: url.searchParams,
      userAgent: String(request.headers['user-agent'] ?? ''),
      at: Date.now(),
      ...(ifNoneMatch === undefined ? {} : { ifNoneMatch }),
      ...(ifModifiedSince === undefined ? {} : { ifModifiedSince }),
    };
    requests.push(recorded);
    let answer = answers.get(url.pathname);
    if (answer === undefined && url.pathname.startsWith('/files/')) {
      const name = url.pathname.slice('/files/'.length).replace(/[^\w.-]/g, '');
      const type = name.endsWith('.html')
        ? 'text/html'
        : name.endsWith('.zip')
          ? 'application/zip'
          : 'application/json;charset=utf-8';
      // Bytes as stored: a ZIP or a Windows-1252 file is served as the publisher serves it.
      answer = { type, body: readFileSync(join(FIXTURES, name)) };
    }
    if (answer === 'hang') return; // never answered: the client's timeout must end it
    answer ??= { status: 404, type: 'text/plain', body: 'not found' };
    const headers = { 'Content-Type': answer.type ?? 'application/json', ...answer.headers };
    if (request.method === 'GET' && notModified(answer, ifNoneMatch, ifModifiedSince)) {
      recorded.status = 304;
      const { ETag, 'Last-Modified': lastModified } = answer.headers ?? {};
      response.writeHead(304, {
        ...(ETag ? { ETag } : {}),
        ...(lastModified ? { 'Last-Modified': lastModified } : {}),
      });
      response.end();
      return;
    }
    recorded.status = answer.status ?? 200;
    if (answer.reason === undefined) response.writeHead(answer.status ?? 200, headers);
    else response.writeHead(answer.status ?? 200, answer.reason, headers);
    response.end(answer.body);
  });
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    /** Connections opened so far (keep-alive: a few requests may share one). */
    connections: () => connections,
    port: (server.address() as AddressInfo).port,
    url: (path: string) => base + path,
    /** Sets what `path` answers (replacing a file of the same path). */
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

/** RFC 9110's evaluation, for a 2xx answer: If-None-Match first; If-Modified-Since only without it. */
function notModified(
  answer: Exclude<Answer, 'hang'>,
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
): boolean {
  const status = answer.status ?? 200;
  if (status < 200 || status > 299) return false;
  const etag = answer.headers?.ETag;
  if (ifNoneMatch !== undefined)
    return etag !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag);
  const lastModified = answer.headers?.['Last-Modified'];
  return (
    ifModifiedSince !== undefined &&
    lastModified !== undefined &&
    Date.parse(lastModified) <= Date.parse(ifModifiedSince)
  );
}
