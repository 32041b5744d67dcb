/**
 * Webhook subscriptions as the portal shows them: the API's types under the portal's names, the events, the
 * lottery-tag field and the words for a delivery's state.
 */
import type {
  CreatedWebhookDto,
  RollWebhookSecretDto,
  WebhookDeliveryDto,
  WebhookDto,
} from '@lottery-results/sdk';

export type Webhook = WebhookDto;
export type CreatedWebhook = CreatedWebhookDto;
export type WebhookDelivery = WebhookDeliveryDto;
export type WebhookEventType = WebhookDto['events'][number];

/** The events a subscription can ask for, with what each means. */
export const WEBHOOK_EVENTS: { value: WebhookEventType; label: string }[] = [
  { value: 'draw.published', label: 'draw.published: a new draw' },
  { value: 'draw.corrected', label: 'draw.corrected: a stored draw changed' },
  { value: 'draw.deleted', label: 'draw.deleted: a draw was removed' },
  { value: 'draw.prizes', label: 'draw.prizes: what a draw paid was published or changed' },
];

/** How long the old secret still signs after a rotation, so that receivers can switch without refusing events. */
export const GRACE_CHOICES = [
  { seconds: 0, label: 'No: it stops at once' },
  { seconds: 3600, label: 'For 1 hour' },
  { seconds: 86_400, label: 'For 24 hours' },
];

/** The body of a secret rotation: how long the old secret keeps signing, in whole seconds. */
export function graceBody(graceSeconds: number): RollWebhookSecretDto {
  return { graceSeconds };
}

/** A subscription's form (create and edit): the lotteries filter as chosen tags, none meaning every lottery. */
export interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  /** Whether the filter applies: false sends every lottery's events, whatever `lotteries` holds. */
  someLotteries: boolean;
  lotteries: string[];
}

/** What a new subscription's form starts with. */
export const NEW_WEBHOOK_VALUES: WebhookFormValues = {
  url: '',
  events: ['draw.published', 'draw.corrected'],
  someLotteries: false,
  lotteries: [],
};

/** The form's values for an existing subscription (the edit dialog). */
export function webhookFormValues(webhook: Webhook): WebhookFormValues {
  return {
    url: webhook.url,
    events: [...webhook.events],
    someLotteries: webhook.lotteries !== null,
    lotteries: webhook.lotteries ?? [],
  };
}

/** The body of a create, or of an edit (PATCH takes the same fields): null lotteries means every lottery. */
export function webhookBody(values: WebhookFormValues): {
  url: string;
  events: WebhookEventType[];
  lotteries: string[] | null;
} {
  return {
    url: values.url.trim(),
    // In the portal's order, whatever order they were ticked in.
    events: WEBHOOK_EVENTS.map((e) => e.value).filter((e) => values.events.includes(e)),
    lotteries: values.someLotteries ? [...new Set(values.lotteries)] : null,
  };
}

/** What is wrong with the target URL, in the portal's words; '' when nothing the portal can tell is. */
export function urlProblem(text: string): string {
  const url = text.trim();
  if (!url) return 'Enter the address of your receiver, e.g. https://example.com/hooks/lottery.';
  if (url.length > 2048) return 'This address is too long: at most 2,048 characters.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full address, starting with https://, e.g. https://example.com/hooks/lottery.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return 'The address must start with https://.';
  if (parsed.username || parsed.password) return 'Leave the user name and password out of the address.';
  return '';
}

export const EVENTS_PROBLEM = 'Choose at least one event.';
export const NO_LOTTERY_PROBLEM = 'Choose at least one lottery, or choose “Every lottery”.';

/**
 * An API refusal in the portal's words, at the field it is about (the API names it: "Invalid 'url' value. …").
 * undefined when the error concerns no field.
 */
export function webhookApiProblem(
  message: string,
): { field: 'url' | 'events' | 'lotteries'; text: string } | undefined {
  const field = /^Invalid '(url|events|lotteries)' value/.exec(message)?.[1] as
    'url' | 'events' | 'lotteries' | undefined;
  if (!field) return undefined;
  if (field === 'events') return { field, text: EVENTS_PROBLEM };
  if (field === 'lotteries') {
    const unknown = /no lottery '([^']*)'/.exec(message)?.[1];
    return {
      field,
      text: unknown
        ? `There is no lottery “${unknown}”: choose the lotteries from the list.`
        : NO_LOTTERY_PROBLEM,
    };
  }
  if (/must use https/.test(message)) return { field, text: 'The address must start with https://.' };
  if (/public internet/.test(message))
    return { field, text: 'The address must be reachable from the internet: not a local or private one.' };
  return {
    field,
    text: 'Enter a full address, starting with https://, e.g. https://example.com/hooks/lottery.',
  };
}

/** Whether a delivery on the new page has failed for good since the last read (the service may have disabled the subscription). */
export function newlyFailed(before: WebhookDelivery[] | undefined, after: WebhookDelivery[]): boolean {
  if (!before) return false;
  const failedBefore = new Set(before.filter((d) => d.status === 'failed').map((d) => d.id));
  return after.some((d) => d.status === 'failed' && !failedBefore.has(d.id));
}

export type DeliveryState = 'queued' | 'sending' | 'retrying' | 'delivered' | 'failed';

/** Where a delivery stands: a pending one that has failed an attempt is being retried. */
export function deliveryState(delivery: WebhookDelivery): DeliveryState {
  if (delivery.status === 'delivered') return 'delivered';
  if (delivery.status === 'failed') return 'failed';
  if (delivery.lastError || delivery.lastStatus !== null) return 'retrying';
  return delivery.attempts > 0 ? 'sending' : 'queued';
}

export const DELIVERY_STATE_LABEL: Record<DeliveryState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The badge's colour class (the badge always says the state in words too). */
export const DELIVERY_STATE_BADGE: Record<DeliveryState, string> = {
  queued: '',
  sending: '',
  retrying: 'warn',
  delivered: 'ok',
  failed: 'off',
};

/** How soon a pending delivery's next attempt must be for the log to keep itself up to date. */
const WATCH_AHEAD_MS = 60_000;

/** Whether the log should look again shortly: a delivery on the page is about to be (re)tried. */
export function awaitingAttempt(deliveries: WebhookDelivery[], now = Date.now()): boolean {
  return deliveries.some(
    (d) =>
      d.status === 'pending' &&
      (d.nextAttemptAt === null || new Date(d.nextAttemptAt).getTime() - now <= WATCH_AHEAD_MS),
  );
}

/** "HTTP 200 in 12 ms", "no answer" */
export function attemptSummary(delivery: WebhookDelivery): string {
  if (delivery.lastAttemptAt === null && delivery.attempts === 0) return 'not attempted yet';
  const status = delivery.lastStatus === null ? 'no answer' : `HTTP ${delivery.lastStatus}`;
  return delivery.lastLatencyMs === null ? status : `${status} in ${delivery.lastLatencyMs} ms`;
}

/** The receiving side, with the SDK's helper: shown with the secret. */
export const VERIFY_SNIPPET = `import express from 'express';
import { verifyWebhookSignature, type WebhookEvent } from '@lottery-results/sdk';

const app = express();

// Keep the raw body: the signature covers it byte for byte.
app.post('/hooks/lottery', express.raw({ type: 'application/json' }), async (req, res) => {
  const ok = await verifyWebhookSignature(process.env.LOTTERY_WEBHOOK_SECRET!, req.headers, req.body);
  if (!ok) return res.sendStatus(400); // not signed by your secret, or older than 5 minutes
  const event: WebhookEvent = JSON.parse(req.body.toString('utf8'));
  // event.id is also in X-Lottery-Event-Id: a delivery may come more than once, so deduplicate on it.
  console.log(event.type, event.data.lottery, event.data.draw);
  res.sendStatus(204);
});`;
