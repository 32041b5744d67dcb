import type { DataSource } from 'typeorm';
import type { WebhookSettings } from '../../config/settings';

/** How many deliveries may wait (pending or retrying) per subscription and per account (WEBHOOK_MAX_PENDING_*). */
export interface PendingCaps {
  perSubscription: number;
  perAccount: number;
}

/** The settings' defaults: what a data source no webhook module registered with is held to. */
const DEFAULT_CAPS: PendingCaps = { perSubscription: 100, perAccount: 500 };

/**
 * The draw writers (draws and ingestion modules) call the outbox with nothing but their transaction's manager, so
 * the caps are found from its data source: the webhooks module registers its settings there when it starts. Keyed
 * by data source, so that two apps in one process (tests) keep their own.
 */
const capsBySource = new WeakMap<DataSource, PendingCaps>();

export function registerPendingCaps(dataSource: DataSource, settings: WebhookSettings): void {
  capsBySource.set(dataSource, {
    perSubscription: settings.maxPendingPerSubscription,
    perAccount: settings.maxPendingPerAccount,
  });
}

export function pendingCapsOf(dataSource: DataSource): PendingCaps {
  return capsBySource.get(dataSource) ?? DEFAULT_CAPS;
}

/** The delivery log's `lastError` of a delivery dropped at fan-out (status `failed`, never attempted). */
export const droppedForSubscription = (cap: number) =>
  `Not sent: this subscription already had ${cap} deliveries waiting, the most allowed.`;
export const droppedForAccount = (cap: number) =>
  `Not sent: this account already had ${cap} deliveries waiting, the most allowed.`;

/**
 * An account whose deliveries are neither written nor sent: disabled, or without a license (contract section 5's
 * two 403s). SQL over `accounts a`.
 */
export const ACCOUNT_ACTIVE_SQL = 'NOT a.disabled AND a.license_name IS NOT NULL';
