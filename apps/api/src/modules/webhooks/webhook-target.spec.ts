import { isPublicAddress, WebhookTargetPolicy } from './webhook-target';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is public', (address) => {
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
    '::1',
    'fc00::1', // unique local
    'fe80::1', // link-local
    '::ffff:127.0.0.1', // IPv4-mapped loopback
    'not-an-address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('WebhookTargetPolicy', () => {
  const policy = new WebhookTargetPolicy(['127.0.0.1', 'hooks.internal']);

  it('allows public https targets, and listed hosts over http and at private addresses', () => {
    expect(policy.problemWithUrl('https://example.com/hook')).toBeNull();
    expect(policy.problemWithUrl('https://93.184.216.34:8443/hook')).toBeNull();
    expect(policy.problemWithUrl('http://127.0.0.1:9999/hook')).toBeNull();
    expect(policy.problemWithUrl('http://hooks.internal/hook')).toBeNull();
  });

  it('refuses plain http elsewhere, private literals and localhost names', () => {
    expect(policy.problemWithUrl('http://example.com/hook')).toMatch(/https/);
    expect(policy.problemWithUrl('https://127.0.0.2/hook')).toMatch(/public/);
    expect(policy.problemWithUrl('https://api.localhost/hook')).toMatch(/public/);
  });

  it('refuses at connection time a name resolving to loopback, unless the host is listed', (done) => {
    policy.lookupFor('localhost')('localhost', {}, (error: NodeJS.ErrnoException | null) => {
      expect(error?.code).toBe('ENOTPUBLIC');
      new WebhookTargetPolicy(['localhost']).lookupFor('localhost')(
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
});
