/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export { LotteryResultsApi } from './LotteryResultsApi';

export { ApiError } from './core/ApiError';
export { BaseHttpRequest } from './core/BaseHttpRequest';
export { CancelablePromise, CancelError } from './core/CancelablePromise';
export { OpenAPI } from './core/OpenAPI';
export type { OpenAPIConfig } from './core/OpenAPI';

export type { AccessTokenDto } from './models/AccessTokenDto';
export type { AccountDto } from './models/AccountDto';
export type { AccountRole } from './models/AccountRole';
export type { AdminDrawDto } from './models/AdminDrawDto';
export type { ChangePasswordDto } from './models/ChangePasswordDto';
export type { ConflictDto } from './models/ConflictDto';
export type { CreatedTokenDto } from './models/CreatedTokenDto';
export type { CreatedWebhookDto } from './models/CreatedWebhookDto';
export type { CreateLicenseDto } from './models/CreateLicenseDto';
export type { CreateLotteryDto } from './models/CreateLotteryDto';
export type { CreateTokenDto } from './models/CreateTokenDto';
export type { CreateWebhookDto } from './models/CreateWebhookDto';
export type { DailyUsageDto } from './models/DailyUsageDto';
export type { DependencyStatusDto } from './models/DependencyStatusDto';
export type { DrawDto } from './models/DrawDto';
export type { DrawNumberDto } from './models/DrawNumberDto';
export type { DrawScheduleDto } from './models/DrawScheduleDto';
export type { DrawSourceDto } from './models/DrawSourceDto';
export type { DrawStatsDto } from './models/DrawStatsDto';
export type { ErrorBodyDto } from './models/ErrorBodyDto';
export type { FreshnessDto } from './models/FreshnessDto';
export type { FreshnessStatus } from './models/FreshnessStatus';
export type { ImportLineErrorDto } from './models/ImportLineErrorDto';
export type { ImportResultDto } from './models/ImportResultDto';
export type { LicenseDto } from './models/LicenseDto';
export type { LoginDto } from './models/LoginDto';
export type { LotteryDto } from './models/LotteryDto';
export type { NextDrawDto } from './models/NextDrawDto';
export type { NumberGroupDto } from './models/NumberGroupDto';
export type { NumberGroupInputDto } from './models/NumberGroupInputDto';
export type { ProfileDto } from './models/ProfileDto';
export type { PutDrawDto } from './models/PutDrawDto';
export type { PutLicenseDto } from './models/PutLicenseDto';
export type { PutSourceDto } from './models/PutSourceDto';
export type { ReadinessDto } from './models/ReadinessDto';
export type { RegisterDto } from './models/RegisterDto';
export type { RejectedRowDto } from './models/RejectedRowDto';
export type { RollTokenDto } from './models/RollTokenDto';
export type { RollWebhookSecretDto } from './models/RollWebhookSecretDto';
export type { RuleEraDto } from './models/RuleEraDto';
export type { RuleEraInputDto } from './models/RuleEraInputDto';
export type { ScheduleEraDto } from './models/ScheduleEraDto';
export type { SpecialGroupDto } from './models/SpecialGroupDto';
export type { SpecialGroupInputDto } from './models/SpecialGroupInputDto';
export type { SyncResultDto } from './models/SyncResultDto';
export type { SyncStateDto } from './models/SyncStateDto';
export type { TokenAllowanceDto } from './models/TokenAllowanceDto';
export type { TokenDto } from './models/TokenDto';
export type { TokenUsageDto } from './models/TokenUsageDto';
export type { UpdateAccountDto } from './models/UpdateAccountDto';
export type { UpdateLotteryDto } from './models/UpdateLotteryDto';
export type { UpdateTokenDto } from './models/UpdateTokenDto';
export type { UpdateWebhookDto } from './models/UpdateWebhookDto';
export type { UsageDto } from './models/UsageDto';
export type { UsageReportDto } from './models/UsageReportDto';
export type { WebhookDeliveryDto } from './models/WebhookDeliveryDto';
export type { WebhookDto } from './models/WebhookDto';

export { AdminService } from './services/AdminService';
export { AuthService } from './services/AuthService';
export { DrawsService } from './services/DrawsService';
export { LotteriesService } from './services/LotteriesService';
export { OperationsService } from './services/OperationsService';
export { ProfileService } from './services/ProfileService';
export { TokensService } from './services/TokensService';
export { WebhooksService } from './services/WebhooksService';
