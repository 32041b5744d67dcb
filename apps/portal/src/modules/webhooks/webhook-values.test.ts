import { describe, expect, it } from 'vitest';
import {
  awaitingAttempt,
  EVENTS_PROBLEM,
  newlyFailed,
  NEW_WEBHOOK_VALUES,
  urlProblem,
  webhookApiProblem,
  webhookBody,
  webhookFormValues,
  type Webhook,
  type WebhookDelivery,
} from './webhook-values';

const webhook = {
  id: 'w1',
  url: 'https://example.com/hook',
  events: ['draw.corrected', 'draw.published'],
  lotteries: ['us_powerball'],
  enabled: true,
} as Webhook;

describe('webhook form values ↔ API body', () => {
  it('reads a subscription with a lottery filter', () => {
    expect(webhookFormValues(webhook)).toEqual({
      url: 'https://example.com/hook',
      events: ['draw.corrected', 'draw.published'],
      someLotteries: true,
      lotteries: ['us_powerball'],
    });
  });

  it('reads "every lottery" (null) as no filter', () => {
    expect(webhookFormValues({ ...webhook, lotteries: null })).toMatchObject({
      someLotteries: false,
      lotteries: [],
    });
  });

  it('writes the url trimmed, the events in the portal’s order, the lotteries without duplicates', () => {
    expect(
      webhookBody({
        url: '  https://example.com/h ',
        events: ['draw.prizes', 'draw.published'],
        someLotteries: true,
        lotteries: ['fr_lotto', 'fr_lotto', 'us_powerball'],
      }),
    ).toEqual({
      url: 'https://example.com/h',
      events: ['draw.published', 'draw.prizes'],
      lotteries: ['fr_lotto', 'us_powerball'],
    });
  });

  it('writes "every lottery" as null, whatever tags were ticked before', () => {
    expect(
      webhookBody({ ...NEW_WEBHOOK_VALUES, url: 'https://x.example', lotteries: ['fr_lotto'] }).lotteries,
    ).toBeNull();
  });

  it('round-trips a subscription', () => {
    const { url, events, lotteries } = webhookBody(webhookFormValues(webhook));
    expect({ url, events: [...events].sort(), lotteries }).toEqual({
      url: webhook.url,
      events: [...webhook.events].sort(),
      lotteries: webhook.lotteries,
    });
  });
});

describe('urlProblem', () => {
  it('accepts https and http addresses (the service decides which hosts may use http)', () => {
    expect(urlProblem('https://example.com/hook')).toBe('');
    expect(urlProblem('http://127.0.0.1:8080/hook')).toBe('');
  });

  it('asks for an address', () => {
    expect(urlProblem('  ')).toMatch(/^Enter the address of your receiver/);
  });

  it('refuses what is not a full web address', () => {
    expect(urlProblem('example.com/hook')).toMatch(/^Enter a full address, starting with https:\/\//);
    expect(urlProblem('ftp://example.com/hook')).toBe('The address must start with https://.');
    expect(urlProblem('https://me:pw@example.com/')).toBe(
      'Leave the user name and password out of the address.',
    );
    expect(urlProblem(`https://example.com/${'a'.repeat(2048)}`)).toMatch(/too long/);
  });
});

describe('webhookApiProblem', () => {
  it('puts the API’s refusals at their field, in the portal’s words', () => {
    expect(webhookApiProblem("Invalid 'url' value. Webhook targets must use https.")).toEqual({
      field: 'url',
      text: 'The address must start with https://.',
    });
    expect(
      webhookApiProblem("Invalid 'url' value. Webhook targets must be public internet addresses.")?.text,
    ).toMatch(/reachable from the internet/);
    expect(webhookApiProblem("Invalid 'lotteries' value: no lottery 'no_such'.")).toEqual({
      field: 'lotteries',
      text: 'There is no lottery “no_such”: choose the lotteries from the list.',
    });
    expect(webhookApiProblem("Invalid 'events' value. Expected a non-empty list among …")).toEqual({
      field: 'events',
      text: EVENTS_PROBLEM,
    });
  });

  it('leaves other refusals to the form', () => {
    expect(webhookApiProblem('You have reached the maximum number of webhooks.')).toBeUndefined();
  });
});

const delivery = (id: string, status: WebhookDelivery['status'], more: Partial<WebhookDelivery> = {}) =>
  ({
    id,
    status,
    attempts: 1,
    lastStatus: null,
    lastError: null,
    nextAttemptAt: null,
    ...more,
  }) as WebhookDelivery;

describe('newlyFailed', () => {
  it('is false on the first read', () => {
    expect(newlyFailed(undefined, [delivery('a', 'failed')])).toBe(false);
  });

  it('sees a delivery that has failed since the last read', () => {
    expect(newlyFailed([delivery('a', 'pending')], [delivery('a', 'failed')])).toBe(true);
    expect(newlyFailed([delivery('a', 'failed')], [delivery('a', 'failed')])).toBe(false);
  });
});

describe('awaitingAttempt', () => {
  it('watches a delivery due within a minute', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(awaitingAttempt([delivery('a', 'pending', { nextAttemptAt: '2030-01-01T00:00:30Z' })], now)).toBe(
      true,
    );
    expect(awaitingAttempt([delivery('a', 'pending', { nextAttemptAt: '2030-01-01T01:00:00Z' })], now)).toBe(
      false,
    );
  });
});
