import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** An HTTP answer read off a raw socket. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

/** The answer in `bytes`, once it is all there (by Content-Length), else null. */
function parseAnswer(bytes: Buffer): RawAnswer | null {
  const split = bytes.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const payload = bytes.subarray(split + 4);
  if (payload.length < length) return null;
  const text = payload.subarray(0, length).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, text, body };
}

function open(baseUrl: string): Socket {
  const { hostname, port } = new URL(baseUrl);
  return connect(Number(port), hostname);
}

/**
 * Sends `head` (request line and headers, no final blank line) and `sent`, the beginning of the body the head
 * announces, then sends nothing more and waits up to `withinMs` for an answer: what a server that answers before
 * reading the body says, or 'no answer' from a server waiting for the rest.
 */
export async function answerBeforeBody(
  baseUrl: string,
  head: string,
  sent: string | Buffer = '',
  withinMs = 5000,
): Promise<RawAnswer | 'no answer'> {
  const socket = open(baseUrl);
  const chunks: Buffer[] = [];
  try {
    return await new Promise<RawAnswer | 'no answer'>((resolve, reject) => {
      const timer = setTimeout(() => resolve('no answer'), withinMs);
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        const answer = parseAnswer(Buffer.concat(chunks));
        if (answer) {
          clearTimeout(timer);
          resolve(answer);
        }
      });
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.write(`${head}\r\n\r\n`);
      socket.write(sent);
    });
  } finally {
    socket.destroy();
  }
}

/**
 * A client that writes its whole request (each write taken before the next), and only then reads the answer,
 * until the server closes or the answer is complete. `error` is what the socket reported (EPIPE, ECONNRESET),
 * if anything.
 */
export async function writeAllThenRead(
  baseUrl: string,
  head: string,
  body: Buffer,
  withinMs = 30_000,
): Promise<{ answer: RawAnswer | null; error?: string }> {
  const socket = open(baseUrl);
  let error: string | undefined;
  const failed = once(socket, 'error').then(([e]) => {
    error = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  });
  try {
    await once(socket, 'connect');
    const pieces: Buffer[] = [Buffer.from(`${head}\r\n\r\n`)];
    for (let at = 0; at < body.length; at += 64 * 1024) pieces.push(body.subarray(at, at + 64 * 1024));
    for (const piece of pieces) {
      if (error) break;
      if (!socket.write(piece)) await Promise.race([once(socket, 'drain'), failed]);
    }
    if (error) return { answer: null, error };
    const chunks: Buffer[] = [];
    const answer = await new Promise<RawAnswer | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), withinMs);
      const settle = () => {
        clearTimeout(timer);
        resolve(parseAnswer(Buffer.concat(chunks)));
      };
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (parseAnswer(Buffer.concat(chunks))) settle();
      });
      socket.on('end', settle);
      socket.on('close', settle);
    });
    return { answer, ...(error ? { error } : {}) };
  } finally {
    socket.destroy();
  }
}
