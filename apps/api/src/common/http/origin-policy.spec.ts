import { OriginPolicy } from './origin-policy';

describe('OriginPolicy (CORS_ORIGINS and PUBLIC_URL: CORS, and the MCP endpoint’s Origin check)', () => {
  const any = new OriginPolicy('*', null);
  const listed = new OriginPolicy(
    ['https://Portal.example.com/', 'http://localhost:5173', 'not a url'],
    'https://lottery.example.com/api',
  );

  it('CORS: `*` answers any origin on routes without an account’s credentials, and none on those with', () => {
    expect(any.allowsCors('https://example.org', false)).toBe(true);
    expect(any.allowsCors('https://example.org', true)).toBe(false);
    expect(any.lists('https://example.org')).toBe(false);
  });

  it('CORS: a list answers its origins (written as browsers send them) on every route, and no other', () => {
    for (const credentialed of [false, true]) {
      expect(listed.allowsCors('https://portal.example.com', credentialed)).toBe(true);
      expect(listed.allowsCors('http://localhost:5173', credentialed)).toBe(true);
      expect(listed.allowsCors('https://example.org', credentialed)).toBe(false);
    }
    expect(listed.lists('not a url')).toBe(true);
  });

  it('MCP: the service’s own pages on this machine, at any port; nothing else under `*`', () => {
    for (const host of ['localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'localhost']) {
      expect(any.admitsToMcp(`http://${host}`, host)).toBe(true);
    }
    expect(any.admitsToMcp('http://localhost:5173', 'localhost:3000')).toBe(false); // another page
    expect(any.admitsToMcp('http://evil.example:3000', 'evil.example:3000')).toBe(false); // DNS rebinding
    expect(any.admitsToMcp('null', 'localhost:3000')).toBe(false);
    expect(any.admitsToMcp('https://example.org', 'example.org')).toBe(false);
  });

  it('MCP: listed origins from anywhere; own pages at PUBLIC_URL’s host or a listed origin’s host', () => {
    expect(listed.admitsToMcp('http://localhost:5173', 'lottery.example.com')).toBe(true);
    expect(listed.admitsToMcp('https://lottery.example.com', 'lottery.example.com')).toBe(true);
    // Behind a proxy that ends TLS the scheme is not compared, only the host.
    expect(listed.admitsToMcp('http://lottery.example.com', 'lottery.example.com')).toBe(true);
    expect(listed.admitsToMcp('https://lottery.example.com:8443', 'lottery.example.com:8443')).toBe(false);
    expect(listed.admitsToMcp('http://portal.example.com:8080', 'portal.example.com:8080')).toBe(false);
    expect(listed.admitsToMcp('https://evil.example', 'evil.example')).toBe(false);
    expect(listed.admitsToMcp('https://lottery.example.com', 'evil.example')).toBe(false);
  });
});
