/**
 * The API's types under the names the portal uses, in one place, so that a rename in the generated SDK
 * touches this file only.
 */
import type {
  AccountDto,
  CreatedTokenDto,
  DrawDto,
  LicenseDto,
  LotteryDto,
  TokenDto,
  UsageReportDto,
} from '@lottery-results/sdk';

export type Account = AccountDto;
export type Usage = AccountDto['usage'];
export type UsageReport = UsageReportDto;
export type License = LicenseDto;
export type Token = TokenDto;
export type CreatedToken = CreatedTokenDto;
export type Lottery = LotteryDto;
export type Draw = DrawDto;
