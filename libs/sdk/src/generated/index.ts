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
export type { ChangePasswordDto } from './models/ChangePasswordDto';
export type { CreatedTokenDto } from './models/CreatedTokenDto';
export type { CreateLicenseDto } from './models/CreateLicenseDto';
export type { CreateLotteryDto } from './models/CreateLotteryDto';
export type { CreateTokenDto } from './models/CreateTokenDto';
export type { DailyUsageDto } from './models/DailyUsageDto';
export type { DependencyStatusDto } from './models/DependencyStatusDto';
export type { DrawDto } from './models/DrawDto';
export type { DrawNumberDto } from './models/DrawNumberDto';
export type { DrawStatsDto } from './models/DrawStatsDto';
export type { ErrorBodyDto } from './models/ErrorBodyDto';
export type { ImportLineErrorDto } from './models/ImportLineErrorDto';
export type { ImportResultDto } from './models/ImportResultDto';
export type { LicenseDto } from './models/LicenseDto';
export type { LoginDto } from './models/LoginDto';
export type { LotteryDto } from './models/LotteryDto';
export type { NumberGroupDto } from './models/NumberGroupDto';
export type { NumberGroupInputDto } from './models/NumberGroupInputDto';
export type { ProfileDto } from './models/ProfileDto';
export type { PutDrawDto } from './models/PutDrawDto';
export type { PutLicenseDto } from './models/PutLicenseDto';
export type { ReadinessDto } from './models/ReadinessDto';
export type { RegisterDto } from './models/RegisterDto';
export type { RollTokenDto } from './models/RollTokenDto';
export type { RuleEraDto } from './models/RuleEraDto';
export type { RuleEraInputDto } from './models/RuleEraInputDto';
export type { SpecialGroupDto } from './models/SpecialGroupDto';
export type { SpecialGroupInputDto } from './models/SpecialGroupInputDto';
export type { TokenAllowanceDto } from './models/TokenAllowanceDto';
export type { TokenDto } from './models/TokenDto';
export type { TokenUsageDto } from './models/TokenUsageDto';
export type { UpdateAccountDto } from './models/UpdateAccountDto';
export type { UpdateLotteryDto } from './models/UpdateLotteryDto';
export type { UpdateTokenDto } from './models/UpdateTokenDto';
export type { UsageDto } from './models/UsageDto';
export type { UsageReportDto } from './models/UsageReportDto';

export { AdminService } from './services/AdminService';
export { AuthService } from './services/AuthService';
export { DrawsService } from './services/DrawsService';
export { LotteriesService } from './services/LotteriesService';
export { OperationsService } from './services/OperationsService';
export { ProfileService } from './services/ProfileService';
export { TokensService } from './services/TokensService';
