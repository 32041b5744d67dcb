import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookDto } from '@lottery-results/sdk';
import { useClient } from '../../app/session';
import type { DeliveryPage } from './delivery-log';
import {
  awaitingAttempt,
  graceBody,
  newlyFailed,
  type Webhook,
  type WebhookFormValues,
  webhookBody,
} from './webhook-values';

export const WEBHOOK_PAGE_SIZE = 10;
export const DELIVERY_PAGE_SIZE = 10;
/** How often a delivery log looks again while a delivery on it is about to be attempted. */
const POLL_MS = 1500;

/** The webhooks page's cache keys: everything under ['webhooks'], so that one invalidation can reach it all. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  list: (offset: number) => [...webhookKeys.lists(), offset] as const,
  deliveries: (webhookId: string) => [...webhookKeys.all, 'deliveries', webhookId] as const,
  deliveryPage: (webhookId: string, offset: number) =>
    [...webhookKeys.deliveries(webhookId), offset] as const,
};

/** A page of the account's subscriptions; the previous page stays on screen while the next one loads. */
export function useWebhooks(offset: number) {
  const client = useClient();
  return useQuery({
    queryKey: webhookKeys.list(offset),
    queryFn: () => client.webhooks.list({ limit: WEBHOOK_PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A page of one subscription's deliveries. It follows itself while a delivery on it is queued or about to be
 * retried (so a test ping's outcome shows without a click), and when a delivery has just failed for good, the list
 * is read again: the service may have disabled the subscription.
 */
export function useDeliveries(webhookId: string, offset: number) {
  const client = useClient();
  const queryClient = useQueryClient();
  const queryKey = webhookKeys.deliveryPage(webhookId, offset);
  return useQuery({
    queryKey,
    queryFn: async (): Promise<DeliveryPage> => {
      const before = queryClient.getQueryData<DeliveryPage>(queryKey)?.deliveries;
      const page = await client.webhooks.deliveries(webhookId, { limit: DELIVERY_PAGE_SIZE, offset });
      if (newlyFailed(before, page.deliveries ?? []))
        void queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
      return page;
    },
    refetchInterval: (query) => (awaitingAttempt(query.state.data?.deliveries ?? []) ? POLL_MS : false),
  });
}

/** Marks stale what a write changed: the pages of the list, or one subscription's delivery log. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return {
    lists: () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
    deliveries: (id: string) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  };
}

/** Creates a subscription; the answer holds its signing secret, shown once. */
export function useCreateWebhook() {
  const client = useClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (values: WebhookFormValues) => {
      const { url, events, lotteries } = webhookBody(values);
      // Every lottery is said by leaving the filter out.
      return client.webhooks.create({ url, events, ...(lotteries ? { lotteries } : {}) });
    },
    onSuccess: invalidate.lists,
  });
}

/** Changes url, events, lotteries or enabled. */
export function useUpdateWebhook() {
  const client = useClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookDto }) => client.webhooks.update(id, body),
    onSuccess: invalidate.lists,
  });
}

export function useDeleteWebhook() {
  const client = useClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (webhook: Webhook) => client.webhooks.delete(webhook.id),
    onSuccess: (_, webhook) => {
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(webhook.id) });
      return invalidate.lists();
    },
  });
}

/** A new signing secret (in the answer, once). */
export function useRotateWebhookSecret() {
  const client = useClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, graceSeconds }: { id: string; graceSeconds: number }) =>
      client.webhooks.rollSecret(id, graceBody(graceSeconds)),
    onSuccess: invalidate.lists,
  });
}

/** Sends a test ping; the answer is its delivery, which the log then shows. */
export function useTestWebhook() {
  const client = useClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => client.webhooks.test(id),
    onSuccess: (_, id) => invalidate.deliveries(id),
  });
}

/** Sends a delivery's event again, as a new delivery. */
export function useRedeliver() {
  const client = useClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      client.webhooks.redeliver(id, deliveryId),
    onSuccess: (_, { id }) => invalidate.deliveries(id),
  });
}

/** The Refresh button of a delivery log: the log, and the list (the service may have disabled the subscription). */
export function useRefreshWebhook() {
  const invalidate = useInvalidate();
  return (id: string) => Promise.all([invalidate.lists(), invalidate.deliveries(id)]);
}
