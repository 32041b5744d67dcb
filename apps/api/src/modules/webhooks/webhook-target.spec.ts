import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Messages } from '../../common/errors/messages';
import { sendWebhook } from './webhook-sender';
import { WebhookTargetPolicy } from './webhook-target';

describe('WebhookTargetPolicy', () => {
  const policy = new WebhookTargetPolicy(['127.0.0.1', 'hooks.internal']);

  it('allows public https targets, and listed hosts over http and at private addresses', () => {
    expect(policy.problemWithUrl('https://example.com/hook')).toBeNull();
    expect(policy.problemWithUrl('https://93.184.216.34:8443/hook')).toBeNull();
    expect(policy.problemWithUrl('http://127.0.0.1:9999/hook')).toBeNull();
    expect(policy.problemWithUrl('http://hooks.internal/hook')).toBeNull();
  });

  it.each([
    ['http://example.com/hook', Messages.webhookUrlNotHttps],
    ['ftp://example.com/hook', Messages.webhookUrlNotHttps],
    ['https://127.0.0.2/hook', Messages.webhookUrlNotPublic],
    ['https://[::7f00:1]/hook', Messages.webhookUrlNotPublic], // IPv4-compatible loopback
    ['https://[64:ff9b::a00:1]/hook', Messages.webhookUrlNotPublic], // NAT64 of 10.0.0.1
    ['https://api.localhost/hook', Messages.webhookUrlNotPublic],
    ['https://user:pw@example.com/hook', Messages.webhookUrlInvalid],
    ['not a url', Messages.webhookUrlInvalid],
  ])('refuses %s', (url, message) => {
    expect(policy.problemWithUrl(url)).toBe(message);
  });
});

describe('sendWebhook re-applies the whole policy at each send', () => {
  let server: Server;
  let target: string;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('thanks'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    target = `127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (policy: WebhookTargetPolicy, url: string) => sendWebhook(policy, url, '{}', {}, 2000);

  it('delivers to an IP literal while it is allowed', async () => {
    expect(await send(new WebhookTargetPolicy(['127.0.0.1']), `http://${target}`)).toMatchObject({
      status: 200,
      error: null,
      excerpt: 'thanks',
    });
  });

  it('refuses, without connecting, an IP literal target once its allow-list entry is gone', async () => {
    const before = connections;
    const now = new WebhookTargetPolicy([]);
    expect(await send(now, `http://${target}`)).toMatchObject({
      status: null,
      error: 'refused: plain http is allowed only to hosts in WEBHOOK_ALLOWED_HOSTS',
    });
    expect(await send(now, `https://${target}`)).toMatchObject({
      status: null,
      error:
        'refused: not a public address (private ones are allowed only to hosts in WEBHOOK_ALLOWED_HOSTS)',
    });
    expect(await send(now, `https://[::ffff:${target.replace(':', ']:')}`)).toMatchObject({
      status: null,
      error: expect.stringMatching(/^refused: not a public address/),
    });
    expect(connections).toBe(before);
  });

  it('answers a URL it cannot read as a failed attempt (never throws)', async () => {
    expect(await send(new WebhookTargetPolicy([]), 'not a url')).toMatchObject({
      status: null,
      error: 'invalid URL',
    });
  });
});
