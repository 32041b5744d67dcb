import type { ClientRequest } from 'node:http';
import { OutboundRefusal } from '../../common/net/outbound-policy';
import type { WebhookTargetPolicy } from './webhook-target';

export interface SendResult {
  /** The receiver's status, or null when no answer came. */
  status: number | null;
  latencyMs: number;
  /** Why it failed, for the owner's delivery log (null on a 2xx). */
  error: string | null;
  /** The first characters of the answer. */
  excerpt: string | null;
}

const EXCERPT_CHARS = 500;
/** More than this is not read: only the excerpt is kept. */
const MAX_READ_BYTES = 16 * 1024;

/**
 * POSTs one event. A 2xx is success; anything else (redirects included: they are not followed) is a failure to
 * retry. The target is checked again against the whole policy as it is now (scheme, allow-list, IP literals,
 * the addresses a name resolves to): a refused target is not contacted, and the attempt fails with why. Never
 * throws.
 */
export function sendWebhook(
  policy: WebhookTargetPolicy,
  target: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let request: ClientRequest | undefined;
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: elapsed() });
    };
    // One deadline for the whole exchange: connecting, sending and the answer.
    const timer = setTimeout(() => {
      request?.destroy();
      finish({ status: null, error: `no answer within ${timeoutMs} ms`, excerpt: null });
    }, timeoutMs);
    try {
      request = policy.outbound.request(new URL(target), {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'LotteryResultsService-Webhooks/1',
        },
      });
    } catch (error) {
      // A URL the policy refuses, or one that does not parse.
      return finish({
        status: null,
        error: error instanceof OutboundRefusal ? `refused: ${error.message}` : 'invalid URL',
        excerpt: null,
      });
    }
    request.on('error', (error: Error & { code?: string }) =>
      finish({
        status: null,
        error: error.code === 'ENOTPUBLIC' ? `refused: ${error.message}` : error.message,
        excerpt: null,
      }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS) || null;
        const status = response.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        finish({ status, error: ok ? null : `HTTP ${status}`, excerpt });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        read += chunk.length;
        if (read >= MAX_READ_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
