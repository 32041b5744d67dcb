/**
 * The API's types under the names the portal uses, in one place, so that a rename in the generated SDK
 * touches this file only.
 */
import type {
  AccessTokenDto,
  AccountDto,
  CreatedTokenDto,
  DrawDto,
  DrawScheduleDto,
  FreshnessDto,
  LicenseDto,
  LotteryDto,
  ProfileDto,
  ScheduleEraDto,
  TokenDto,
  UsageReportDto,
} from '@lottery-results/sdk';

export type Account = AccountDto;
/** The caller's own account: an Account with its token allowance. */
export type Profile = ProfileDto;
/** What log-in and a password change answer: the JWT and how many seconds it lasts. */
export type AccessToken = AccessTokenDto;
export type Usage = AccountDto['usage'];
export type UsageReport = UsageReportDto;
export type License = LicenseDto;
export type Token = TokenDto;
export type CreatedToken = CreatedTokenDto;
export type Lottery = LotteryDto;
export type Draw = DrawDto;
/** When a lottery draws (eras of weekdays and a local time); null on a Lottery without a calendar. */
export type DrawSchedule = DrawScheduleDto;
export type ScheduleEra = ScheduleEraDto;
export type Weekday = ScheduleEraDto['weekdays'][number];
export type Freshness = FreshnessDto;
