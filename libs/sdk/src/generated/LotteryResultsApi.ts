/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { BaseHttpRequest } from './core/BaseHttpRequest';
import type { OpenAPIConfig } from './core/OpenAPI';
import { FetchHttpRequest } from './core/FetchHttpRequest';
import { AdminService } from './services/AdminService';
import { AuthService } from './services/AuthService';
import { ChangesService } from './services/ChangesService';
import { DrawsService } from './services/DrawsService';
import { LotteriesService } from './services/LotteriesService';
import { McpService } from './services/McpService';
import { OperationsService } from './services/OperationsService';
import { ProfileService } from './services/ProfileService';
import { TokensService } from './services/TokensService';
import { WebhooksService } from './services/WebhooksService';
type HttpRequestConstructor = new (config: OpenAPIConfig) => BaseHttpRequest;
export class LotteryResultsApi {
  public readonly admin: AdminService;
  public readonly auth: AuthService;
  public readonly changes: ChangesService;
  public readonly draws: DrawsService;
  public readonly lotteries: LotteriesService;
  public readonly mcp: McpService;
  public readonly operations: OperationsService;
  public readonly profile: ProfileService;
  public readonly tokens: TokensService;
  public readonly webhooks: WebhooksService;
  public readonly request: BaseHttpRequest;
  constructor(config?: Partial<OpenAPIConfig>, HttpRequest: HttpRequestConstructor = FetchHttpRequest) {
    this.request = new HttpRequest({
      BASE: config?.BASE ?? '',
      VERSION: config?.VERSION ?? '1.0.0',
      WITH_CREDENTIALS: config?.WITH_CREDENTIALS ?? false,
      CREDENTIALS: config?.CREDENTIALS ?? 'include',
      TOKEN: config?.TOKEN,
      USERNAME: config?.USERNAME,
      PASSWORD: config?.PASSWORD,
      HEADERS: config?.HEADERS,
      ENCODE_PATH: config?.ENCODE_PATH,
    });
    this.admin = new AdminService(this.request);
    this.auth = new AuthService(this.request);
    this.changes = new ChangesService(this.request);
    this.draws = new DrawsService(this.request);
    this.lotteries = new LotteriesService(this.request);
    this.mcp = new McpService(this.request);
    this.operations = new OperationsService(this.request);
    this.profile = new ProfileService(this.request);
    this.tokens = new TokensService(this.request);
    this.webhooks = new WebhooksService(this.request);
  }
}

