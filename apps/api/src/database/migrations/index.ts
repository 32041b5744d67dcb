import { InitialSchema1795319709639 } from './1795319709639-initial-schema';
import { CatalogChangeNotifications1795400000000 } from './1795400000000-catalog-change-notifications';
import { TokenLifecycle1795500000000 } from './1795500000000-token-lifecycle';
import { UsageOutcomes1795600000000 } from './1795600000000-usage-outcomes';
import { DrawSchedules1795700000000 } from './1795700000000-draw-schedules';
import { DrawIngestion1795800000000 } from './1795800000000-draw-ingestion';
import { Webhooks1795900000000 } from './1795900000000-webhooks';
import { RecentlyUsedTokens1796000000000 } from './1796000000000-recently-used-tokens';
import { UsageMonthly1796100000000 } from './1796100000000-usage-monthly';
import { PasswordResets1796200000000 } from './1796200000000-password-resets';
import { PrizeStructures1796300000000 } from './1796300000000-prize-structures';
import { ChangeFeed1796400000000 } from './1796400000000-change-feed';
import { WebhookLimits1796500000000 } from './1796500000000-webhook-limits';
import { LoginBackoff1796550000000 } from './1796550000000-login-backoff';
import { KeepUsageRecords1796600000000 } from './1796600000000-keep-usage-records';
import { MeteringInstances1796700000000 } from './1796700000000-metering-instances';
import { DrawRoundsAndPrizes1796800000000 } from './1796800000000-draw-rounds-and-prizes';
import { FdjPrizeStructures1796810000000 } from './1796810000000-fdj-prize-structures';
import { UkLottoRounds1796820000000 } from './1796820000000-uk-lotto-rounds';
import { SourceFallbacks1796830000000 } from './1796830000000-source-fallbacks';
import { SourceValidators1796840000000 } from './1796840000000-source-validators';
import { OperatorSources1796850000000 } from './1796850000000-operator-sources';
import { EmailChanges1796860000000 } from './1796860000000-email-changes';
import { EmailVerification1796870000000 } from './1796870000000-email-verification';
import { LoginBackoffKeys1796880000000 } from './1796880000000-login-backoff-keys';
import { CommitGuard1796890000000 } from './1796890000000-commit-guard';
import { BundledLotteriesOffered1796900000000 } from './1796900000000-bundled-lotteries-offered';
import { LotteryRetirement1796910000000 } from './1796910000000-lottery-retirement';
import { DrawChanges1796920000000 } from './1796920000000-draw-changes';
import { UkLottoRoundPrizes1796930000000 } from './1796930000000-uk-lotto-round-prizes';
import { SourceLastContest1796940000000 } from './1796940000000-source-last-contest';
import { CaixaContestSources1796950000000 } from './1796950000000-caixa-contest-sources';
import { EurojackpotPrizes1796960000000 } from './1796960000000-eurojackpot-prizes';
import { OperatorTerms1796970000000 } from './1796970000000-operator-terms';

// Migrations are listed explicitly so the same classes run from TypeScript (tests) and compiled JavaScript.
export const MIGRATIONS = [
  InitialSchema1795319709639,
  CatalogChangeNotifications1795400000000,
  TokenLifecycle1795500000000,
  UsageOutcomes1795600000000,
  DrawSchedules1795700000000,
  DrawIngestion1795800000000,
  Webhooks1795900000000,
  RecentlyUsedTokens1796000000000,
  UsageMonthly1796100000000,
  PasswordResets1796200000000,
  PrizeStructures1796300000000,
  ChangeFeed1796400000000,
  WebhookLimits1796500000000,
  LoginBackoff1796550000000,
  KeepUsageRecords1796600000000,
  MeteringInstances1796700000000,
  DrawRoundsAndPrizes1796800000000,
  FdjPrizeStructures1796810000000,
  UkLottoRounds1796820000000,
  SourceFallbacks1796830000000,
  SourceValidators1796840000000,
  OperatorSources1796850000000,
  EmailChanges1796860000000,
  EmailVerification1796870000000,
  LoginBackoffKeys1796880000000,
  CommitGuard1796890000000,
  BundledLotteriesOffered1796900000000,
  LotteryRetirement1796910000000,
  DrawChanges1796920000000,
  UkLottoRoundPrizes1796930000000,
  SourceLastContest1796940000000,
  CaixaContestSources1796950000000,
  EurojackpotPrizes1796960000000,
  OperatorTerms1796970000000,
];
