import dns from 'node:dns';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy, OutboundRefusal } from './outbound-policy';
import { isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8', // IPv4-mapped: as public as 8.8.8.8
    '64:ff9b::808:808', // NAT64 of 8.8.8.8 (an IPv6-only network with DNS64 reaches every IPv4 host so)
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1', // loopback
    '10.1.2.3', // private
    '172.16.0.1',
    '192.168.0.10',
    '169.254.169.254', // link-local: cloud metadata
    '100.64.0.1', // carrier-grade NAT
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1', // multicast
    '192.0.2.1', // documentation
    '::1',
    '::',
    'fc00::1', // unique local
    'fe80::1', // link-local
    'fec0::1', // site-local (deprecated)
    'ff02::1', // multicast
    '2001:db8::1', // documentation
    '4000::1', // outside the global unicast space 2000::/3
    '::ffff:127.0.0.1', // IPv4-mapped loopback
    '::ffff:10.0.0.1',
    '::ffff:0:7f00:1', // IPv4-translated (RFC 6145)
    '::127.0.0.1', // IPv4-compatible (::/96): deprecated, never public
    '::7f00:1',
    '::a00:1',
    '::8.8.8.8',
    '64:ff9b::7f00:1', // NAT64 of loopback
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '64:ff9b::a9fe:a9fe', // NAT64 of the metadata address
    '64:ff9b:1::808:808', // local-use NAT64 prefix (RFC 8215)
    '2002:7f00:1::1', // 6to4 of loopback
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2001::1', // Teredo
    'not-an-address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('OutboundPolicy', () => {
  const policy = new OutboundPolicy(['127.0.0.1', 'hooks.internal', '::1'], 'X_ALLOWED_HOSTS');

  it.each([
    'https://example.com/hook',
    'https://93.184.216.34:8443/hook',
    'https://[2001:4860:4860::8888]/hook',
    'http://127.0.0.1:9999/hook', // listed: plain http and a private address
    'http://hooks.internal/hook',
    'http://HOOKS.Internal./hook',
    'http://[::1]:8080/hook',
    'http://[0:0::1]/hook',
  ])('accepts %s', (url) => {
    expect(policy.problemWith(url)).toBeNull();
  });

  it.each([
    ['not a url', 'malformed'],
    ['ftp://example.com/draws', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['http://example.com/hook', 'plain-http'],
    ['http://10.0.0.7/hook', 'plain-http'],
    ['https://user:pw@example.com/hook', 'credentials'],
    ['https://127.0.0.2/hook', 'not-public'],
    ['https://2130706434/hook', 'not-public'], // 127.0.0.2 spelt as a number
    ['https://169.254.169.254/latest/meta-data', 'not-public'],
    ['https://[::ffff:10.0.0.1]/hook', 'not-public'],
    ['https://[::127.0.0.1]/hook', 'not-public'],
    ['https://[64:ff9b::a00:1]/hook', 'not-public'],
    ['https://[2002:a00:1::]/hook', 'not-public'],
    ['https://localhost/hook', 'not-public'],
    ['https://localhost./hook', 'not-public'],
    ['https://api.localhost/hook', 'not-public'],
  ])('refuses %s (%s)', (url, problem) => {
    expect(policy.problemWith(url)).toBe(problem);
  });

  it('describes a problem without the URL, naming its allow-list', () => {
    expect(policy.describe('plain-http')).toBe('plain http is allowed only to hosts in X_ALLOWED_HOSTS');
    expect(policy.describe('not-public')).toBe(
      'not a public address (private ones are allowed only to hosts in X_ALLOWED_HOSTS)',
    );
  });

  it('refuses at connection time a name resolving to loopback, unless the host is listed', (done) => {
    policy.lookupFor('localhost')('localhost', {}, (error: NodeJS.ErrnoException | null) => {
      expect(error).toBeInstanceOf(OutboundRefusal);
      expect(error?.code).toBe('ENOTPUBLIC');
      new OutboundPolicy(['localhost'], 'X').lookupFor('localhost')(
        'localhost',
        {},
        (allowed: Error | null, address: string) => {
          expect(allowed).toBeNull();
          expect(['127.0.0.1', '::1']).toContain(address);
          done();
        },
      );
    });
  });

  describe('request', () => {
    let server: Server;
    let port: number;
    let connections = 0;
    let requests = 0;

    beforeAll(async () => {
      server = createServer((request: IncomingMessage, response) => {
        requests++;
        response.end('ok');
      });
      server.on('connection', () => connections++);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    afterEach(() => jest.restoreAllMocks());

    /** The status, or the request's error. */
    const send = (on: OutboundPolicy, url: string) =>
      new Promise<number | NodeJS.ErrnoException>((resolve) => {
        const request = on.request(new URL(url), { method: 'GET' });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', resolve);
        request.end();
      });

    it('refuses an IP literal before connecting (Node connects to one without any lookup)', async () => {
      const before = connections;
      const none = new OutboundPolicy([], 'X_ALLOWED_HOSTS');
      expect(() => none.request(new URL(`http://127.0.0.1:${port}/`), {})).toThrow(
        new OutboundRefusal('plain http is allowed only to hosts in X_ALLOWED_HOSTS'),
      );
      expect(() => none.request(new URL(`https://127.0.0.1:${port}/`), {})).toThrow(OutboundRefusal);
      expect(() => none.request(new URL(`https://[::ffff:127.0.0.1]:${port}/`), {})).toThrow(OutboundRefusal);
      expect(connections).toBe(before);
      // Listed, it is reached.
      expect(await send(policy, `http://127.0.0.1:${port}/`)).toBe(200);
    });

    it("checks a name's addresses in the connection's own lookup, once, before connecting", async () => {
      // As if a public-looking name resolved to loopback (DNS rebinding, an internal name).
      const real = dns.lookup;
      const lookups = jest.spyOn(dns, 'lookup').mockImplementation(((
        hostname: string,
        options: dns.LookupAllOptions,
        callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
      ) => {
        if (hostname === 'draws.example') callback(null, [{ address: '127.0.0.1', family: 4 }]);
        else (real as (...args: unknown[]) => void)(hostname, options, callback);
      }) as unknown as typeof dns.lookup);
      const before = { connections, requests };
      const error = await send(new OutboundPolicy([], 'X'), `https://draws.example:${port}/`);
      expect(error).toMatchObject({
        code: 'ENOTPUBLIC',
        message: 'draws.example resolves to 127.0.0.1, which is not public',
        address: '127.0.0.1',
      });
      expect(lookups.mock.calls.filter(([name]) => name === 'draws.example')).toHaveLength(1);
      expect({ connections, requests }).toEqual(before);
      // A listed name skips the address check (the operator's own host).
      expect(await send(new OutboundPolicy(['draws.example'], 'X'), `http://draws.example:${port}/`)).toBe(
        200,
      );
    });
  });
});
