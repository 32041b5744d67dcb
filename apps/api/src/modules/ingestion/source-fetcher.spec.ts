import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy } from '../../common/net/outbound-policy';
import { fetchSource, fetchSourceAnswer } from './source-fetcher';

const ETAG = '"v1-5f3a"';
const LAST_MODIFIED = 'Wed, 12 Aug 2026 10:00:00 GMT';

/** Conditional requests: validators sent with a GET, a 304 read as "not modified", the validators of an answer. */
describe('fetchSourceAnswer: conditional GETs', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  const options = {
    policy: new OutboundPolicy(['127.0.0.1'], 'SYNC_ALLOWED_HOSTS'),
    timeoutMs: 5000,
    userAgent: 'lottery-results-service sync (test)',
  };
  const validators = { etag: ETAG, lastModified: LAST_MODIFIED };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      seen.push({ method: request.method ?? '', path, headers: request.headers });
      request.resume();
      if (path === '/not-modified') response.writeHead(304, { ETag: '"v2"' }).end();
      else if (path === '/odd-validators')
        response.writeHead(200, { ETag: `"${'x'.repeat(300)}"`, 'Last-Modified': 'soon' }).end('[]');
      else if (path === '/plain') response.writeHead(200).end('[]');
      else if (request.headers['if-none-match'] === ETAG) response.writeHead(304).end();
      else response.writeHead(200, { ETag: ETAG, 'Last-Modified': LAST_MODIFIED }).end('[1]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('returns the body with the validators the answer carries', async () => {
    expect(await fetchSourceAnswer(`${base}/feed`, options)).toEqual({
      notModified: false,
      body: Buffer.from('[1]'),
      validators,
    });
    expect(seen.at(-1)!.headers['if-none-match']).toBeUndefined();
    expect((await fetchSourceAnswer(`${base}/plain`, options)).validators).toBeNull();
  });

  it('sends them back with a GET; a 304 is "not modified", with the validators it names or the ones sent', async () => {
    expect(await fetchSourceAnswer(`${base}/feed`, { ...options, validators })).toEqual({
      notModified: true,
      validators,
    });
    expect(seen.at(-1)!.headers).toMatchObject({
      'if-none-match': ETAG,
      'if-modified-since': LAST_MODIFIED,
    });
    expect(await fetchSourceAnswer(`${base}/not-modified`, { ...options, validators })).toEqual({
      notModified: true,
      validators: { etag: '"v2"', lastModified: null },
    });
  });

  it('never asks a POST conditionally', async () => {
    const post = { url: `${base}/feed`, method: 'POST' as const, headers: {}, body: '{}' };
    const answer = await fetchSourceAnswer(post, { ...options, validators });
    expect(answer.notModified).toBe(false);
    expect(seen.at(-1)!).toMatchObject({ method: 'POST' });
    expect(seen.at(-1)!.headers['if-none-match']).toBeUndefined();
    expect(seen.at(-1)!.headers['if-modified-since']).toBeUndefined();
  });

  it('a 304 to a request that was not conditional is an HTTP error', async () => {
    await expect(fetchSource(`${base}/not-modified`, options)).rejects.toThrow('HTTP 304 Not Modified');
  });

  it('keeps no validator it could not send back as it is (too long, a date that is not one)', async () => {
    expect((await fetchSourceAnswer(`${base}/odd-validators`, options)).validators).toBeNull();
  });
});
