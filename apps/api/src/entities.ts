import { Account } from './modules/accounts/account.entity';
import { DeletedAccount } from './modules/accounts/deleted-account.entity';
import { Draw } from './modules/draws/draw.entity';
import { DrawPrizes } from './modules/prizes/draw-prizes.entity';
import { DrawConflict } from './modules/ingestion/draw-conflict.entity';
import { DrawSource } from './modules/ingestion/draw-source.entity';
import { SyncLease } from './modules/ingestion/sync-lease.entity';
import { License } from './modules/licenses/license.entity';
import { Lottery } from './modules/lotteries/lottery.entity';
import { TokenUsageDaily } from './modules/metering/token-usage-daily.entity';
import { UsageDaily } from './modules/metering/usage-daily.entity';
import { UsageMonthly } from './modules/metering/usage-monthly.entity';
import { CounterStoreRun, MeteringInstance } from './modules/metering/metering-instance.entity';
import { ApiToken } from './modules/tokens/api-token.entity';
import { WebhookDelivery } from './modules/webhooks/webhook-delivery.entity';
import { WebhookEvent } from './modules/webhooks/webhook-event.entity';
import { PasswordReset } from './modules/password-reset/password-reset.entity';
import { EmailChange } from './modules/email-change/email-change.entity';
import { EmailVerification } from './modules/email-verification/email-verification.entity';
import { LoginFailure } from './modules/auth/login-failure.entity';
import { WebhookSubscription } from './modules/webhooks/webhook-subscription.entity';
import { DrawChange, DrawChangeHorizon } from './modules/changes/draw-change.entity';

export const ENTITIES = [
  License,
  Account,
  DeletedAccount,
  ApiToken,
  UsageDaily,
  UsageMonthly,
  MeteringInstance,
  CounterStoreRun,
  TokenUsageDaily,
  Lottery,
  Draw,
  DrawPrizes,
  DrawSource,
  DrawConflict,
  SyncLease,
  WebhookSubscription,
  WebhookEvent,
  WebhookDelivery,
  DrawChange,
  DrawChangeHorizon,
  PasswordReset,
  EmailChange,
  EmailVerification,
  LoginFailure,
];
