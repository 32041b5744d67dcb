/**
 * The API's types under the names the portal uses, in one place, so that a rename in the generated SDK
 * touches this file only.
 */
import type {
  AccessTokenDto,
  AdminDrawDto,
  AccountDto,
  CancelEmailChangeResultDto,
  CheckResultDto,
  ConflictDto,
  CreatedTokenDto,
  DivisionPrizeDto,
  DrawDto,
  DrawPrizesDto,
  DrawResultDto,
  DrawScheduleDto,
  DrawSourceDto,
  FreshnessDto,
  LicenseDto,
  LotteryDto,
  NumberStatsDto,
  PaidDto,
  ProfileDto,
  ScheduleEraDto,
  SyncStateDto,
  TicketDto,
  TicketResultDto,
  TokenDto,
  UsageReportDto,
  ValueStatsDto,
  WonAmountDto,
  WonDivisionDto,
} from '@lottery-results/sdk';

export type Account = AccountDto;
/** The caller's own account: an Account with its token allowance. */
export type Profile = ProfileDto;
/** What log-in and a password change answer: the JWT and how many seconds it lasts. */
export type AccessToken = AccessTokenDto;
/** What a "this wasn't me" link answers: the address the account keeps and the one the cancelled change named. */
export type CancelledEmailChange = CancelEmailChangeResultDto;
export type Usage = AccountDto['usage'];
export type UsageReport = UsageReportDto;
export type License = LicenseDto;
export type Token = TokenDto;
export type CreatedToken = CreatedTokenDto;
export type Lottery = LotteryDto;
export type Draw = DrawDto;
export type AdminDraw = AdminDrawDto;
/** When a lottery draws (eras of weekdays and a local time); null on a Lottery without a calendar. */
export type DrawSchedule = DrawScheduleDto;
export type ScheduleEra = ScheduleEraDto;
export type Weekday = ScheduleEraDto['weekdays'][number];
export type Freshness = FreshnessDto;
/** Where a lottery's new draws are fetched from: an adapter, a URL and (generic adapter) a field mapping. */
export type DrawSource = DrawSourceDto;
export type SourceAdapter = DrawSourceDto['adapter'];
/** The generic adapter's mapping: one of the formats (json, csv, xml) and the fields the API's schema declares. */
export type SourceMapping = NonNullable<DrawSourceDto['mapping']>;
/** A source's sync state: last attempt, success and error, next attempt, failures, the lottery's freshness. */
export type SyncState = SyncStateDto;
/** A fetched draw that differs from the stored one, waiting for (or past) an administrator's decision. */
export type Conflict = ConflictDto;
export type ConflictStatus = ConflictDto['status'];
/** A line as sent to the ticket check: main numbers, and `special` only where the lottery's pool is its own. */
export type Ticket = TicketDto;
/** What `POST /lottery/{tag}/check` answers: the draws checked and, per ticket, its results. */
export type CheckResult = CheckResultDto;
export type TicketResult = TicketResultDto;
/** One ticket against one draw: the numbers it matched and the division won (null: none). */
export type DrawResult = DrawResultDto;
export type WonDivision = WonDivisionDto;
export type Prize = WonDivisionDto['prize'];
/** What one line of a won division was paid in that draw, where the draw's prizes are stored. */
export type Paid = PaidDto;
/** A ticket's wins over several draws, summed in one currency. */
export type WonAmount = WonAmountDto;
/** What `GET /lottery/{tag}/draw/{date}/prizes` answers: each division's winners and amount, the jackpot, the next estimate. */
export type DrawPrizes = DrawPrizesDto;
export type DivisionPrizes = DivisionPrizeDto;
/** What `GET /lottery/{tag}/stats` answers: the window, its draw count and, per value, its figures. */
export type NumberStats = NumberStatsDto;
/** One value's figures in a window: count, frequency, last drawn, draws since and longest gap. */
export type ValueStats = ValueStatsDto;
