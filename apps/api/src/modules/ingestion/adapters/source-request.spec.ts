import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy } from '../../../common/net/outbound-policy';
import { fetchSource } from '../source-fetcher';
import { genericAdapter } from './generic';
import { parseSourceMapping } from '../domain/generic-mapping';
import { requestFor } from './source-adapter';
import { socrataPowerball } from './socrata';

/** What a local source saw of each request, and answers it: bytes that are not UTF-8, or a redirect. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('fetchSource: the request a mapping makes, the bytes it gets', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  const options = {
    policy: new OutboundPolicy(['127.0.0.1'], 'SYNC_ALLOWED_HOSTS'),
    timeoutMs: 5000,
    userAgent: 'lottery-results-service sync (test)',
  };
  const CP1252 = Buffer.from([0x6e, 0x75, 0x6d, 0xe9, 0x72, 0x6f]); // "numéro" in Windows-1252

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        seen.push({
          method: request.method ?? '',
          path,
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        });
        if (path.startsWith('/see-other')) response.writeHead(303, { Location: '/bytes' }).end();
        else if (path.startsWith('/temporary')) response.writeHead(307, { Location: '/bytes' }).end();
        else response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(CP1252);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const mapped = (value: Record<string, unknown>) => {
    const parsed = parseSourceMapping({ format: 'json', date: 'd', main: 'm', ...value });
    if ('problem' in parsed) throw new Error(parsed.problem);
    return genericAdapter(parsed.mapping);
  };

  it('returns the answer’s bytes, undecoded', async () => {
    const body = await fetchSource(`${base}/bytes`, options);
    expect(body).toEqual(CP1252);
  });

  it('sends the mapping’s headers beside the service’s own, and a POST body', async () => {
    const adapter = mapped({
      headers: { 'X-ESA-API-Key': 'ROBOT' },
      method: 'POST',
      body: { from: '{since}' },
    });
    await fetchSource(requestFor(adapter, { url: `${base}/post`, since: '2026-08-01' }), options);
    const { method, headers, body } = seen.at(-1)!;
    expect({ method, body }).toEqual({ method: 'POST', body: '{"from":"2026-08-01"}' });
    expect(headers).toMatchObject({
      'x-esa-api-key': 'ROBOT',
      'user-agent': 'lottery-results-service sync (test)',
      'content-type': 'application/json',
      'content-length': '21',
      accept: 'application/json, text/csv;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
    });
  });

  it('follows a 303 after a POST with a GET, and a 307 with the same POST', async () => {
    const adapter = mapped({ method: 'POST', body: 'x=1' });
    await fetchSource(requestFor(adapter, { url: `${base}/see-other`, since: null }), options);
    expect(seen.slice(-2).map((s) => [s.method, s.path, s.body, s.headers['content-type']])).toEqual([
      ['POST', '/see-other', 'x=1', 'text/plain; charset=utf-8'],
      ['GET', '/bytes', '', undefined],
    ]);
    await fetchSource(requestFor(adapter, { url: `${base}/temporary`, since: null }), options);
    expect(seen.slice(-2).map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/temporary', 'x=1'],
      ['POST', '/bytes', 'x=1'],
    ]);
  });

  it('an adapter without a request of its own is a plain GET of its URL', () => {
    expect(
      requestFor(socrataPowerball, { url: 'https://data.ny.gov/resource/d6yy-54nr.json', since: null }),
    ).toEqual({
      url: 'https://data.ny.gov/resource/d6yy-54nr.json?%24order=draw_date+DESC&%24limit=200',
      method: 'GET',
      headers: {},
      body: null,
    });
  });
});
