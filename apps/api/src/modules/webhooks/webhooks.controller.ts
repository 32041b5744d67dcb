import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { LIMIT_MESSAGE, PageQueryDto } from '../../common/pagination/page-query.dto';
import { Auth } from '../guards/auth.decorator';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import type { Principal } from '../guards/principal';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';
import { meterOf } from '../metering/request-meter';
import { CreateWebhookDto, RollWebhookSecretDto, UpdateWebhookDto } from './dto/webhook-input.dto';
import {
  CreatedWebhookDto,
  toDeliveryDto,
  toWebhookDto,
  WebhookDeliveryDto,
  WebhookDto,
} from './dto/webhook.dto';
import { refuseInactiveAccount } from './webhook-account-state';
import { WebhookSubscriptionsService } from './webhook-subscriptions.service';
import { GRACE_SECONDS_MESSAGE } from '../tokens/dto/roll-token.dto';

const BAD_PAGE = LIMIT_MESSAGE;
const INACTIVE = 'Account disabled or without a license (it may still list, read and delete).';
const SENDS_LIMITED =
  'Answered 429 (with Retry-After) past the test sends and redeliveries allowed per account ' +
  '(WEBHOOK_TEST_RATE_LIMIT), or while the subscription or the account has as many deliveries waiting as allowed.';
const SIGNING =
  'Each delivery is a POST of `{id, type, createdAt, data: {lottery, draw}}` with `X-Lottery-Signature: ' +
  't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` and `X-Lottery-Event-Id`. Deliveries do not count ' +
  'against the monthly quota.';

/** The caller's webhook subscriptions (contract section 8). */
@ApiTags('webhooks')
@Controller('profile/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhookSubscriptionsService) {}

  @Get()
  @Auth('user')
  @ApiOperation({ summary: "List the caller's webhook subscriptions, oldest first (never their secrets)." })
  @ApiPage('webhooks', WebhookDto)
  @ApiErrorResponse(400, 'Invalid limit or offset.', BAD_PAGE)
  async listWebhooks(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.webhooks.list(principal.accountId, page);
    return envelope(
      'webhooks',
      page,
      items.map((item) => toWebhookDto(item)),
      total,
    );
  }

  @Post()
  @Auth('user')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Subscribe a URL to draw events. The signing secret is in this answer only.',
    description: SIGNING,
  })
  @ApiCreatedResponse({ type: CreatedWebhookDto })
  @ApiErrorResponse(
    400,
    'Invalid field, a target that is not public https, or the maximum reached.',
    Messages.webhookUrlNotHttps,
  )
  @ApiErrorResponse(403, INACTIVE, Messages.accountDisabled)
  async createWebhook(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateWebhookDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<CreatedWebhookDto> {
    refuseInactiveAccount(principal);
    const created = await this.webhooks.create(principal.accountId, body, deadline);
    return { ...toWebhookDto(created), secret: created.secret };
  }

  @Get(':id')
  @Auth('user')
  @ApiOperation({ summary: 'One subscription, with why the service disabled it if it did.' })
  @ApiOkResponse({ type: WebhookDto })
  @ApiErrorResponse(404, 'Webhook not found.', Messages.webhookNotFound)
  async getWebhook(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<WebhookDto> {
    return toWebhookDto(await this.webhooks.get(principal.accountId, id));
  }

  @Patch(':id')
  @Auth('user')
  @ApiOperation({
    summary: 'Change the URL, events, lotteries or `enabled` (true re-enables a disabled one).',
  })
  @ApiOkResponse({ type: WebhookDto })
  @ApiErrorResponse(400, 'Invalid field.', Messages.webhookUrlNotHttps)
  @ApiErrorResponse(403, INACTIVE, Messages.accountDisabled)
  @ApiErrorResponse(404, 'Webhook not found.', Messages.webhookNotFound)
  async updateWebhook(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<WebhookDto> {
    refuseInactiveAccount(principal);
    return toWebhookDto(await this.webhooks.update(principal.accountId, id, body, deadline));
  }

  @Delete(':id')
  @Auth('user')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a subscription and its pending deliveries.' })
  @ApiNoContentResponse({ description: 'The subscription is gone.' })
  @ApiErrorResponse(404, 'Webhook not found.', Messages.webhookNotFound)
  async deleteWebhook(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @RequestDeadline() deadline: Deadline,
  ): Promise<void> {
    await this.webhooks.remove(principal.accountId, id, deadline);
  }

  @Post(':id/secret/roll')
  @Auth('user')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Replace the signing secret (shown in this answer only); the old one also signs for `graceSeconds`.',
  })
  @ApiOkResponse({ type: CreatedWebhookDto })
  @ApiErrorResponse(400, 'Invalid graceSeconds.', GRACE_SECONDS_MESSAGE)
  @ApiErrorResponse(403, INACTIVE, Messages.accountDisabled)
  @ApiErrorResponse(404, 'Webhook not found.', Messages.webhookNotFound)
  async rollWebhookSecret(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: RollWebhookSecretDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<CreatedWebhookDto> {
    refuseInactiveAccount(principal);
    const rolled = await this.webhooks.rollSecret(principal.accountId, id, body.graceSeconds ?? 0, deadline);
    return { ...toWebhookDto(rolled), secret: rolled.secret };
  }

  @Post(':id/test')
  @Auth('user')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a `webhook.test` event to this subscription now (also when it is disabled).',
    description: SENDS_LIMITED,
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryDto })
  @ApiErrorResponse(403, INACTIVE, Messages.accountDisabled)
  @ApiErrorResponse(404, 'Webhook not found.', Messages.webhookNotFound)
  async testWebhook(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @RequestDeadline() deadline: Deadline,
  ): Promise<WebhookDeliveryDto> {
    refuseInactiveAccount(principal);
    return toDeliveryDto(await this.webhooks.test(principal.accountId, id, meterOf(request), deadline));
  }

  @Get(':id/deliveries')
  @Auth('user')
  @ApiOperation({ summary: "The subscription's deliveries, newest first, with their last attempt." })
  @ApiPage('deliveries', WebhookDeliveryDto)
  @ApiErrorResponse(400, 'Invalid limit or offset.', BAD_PAGE)
  @ApiErrorResponse(404, 'Webhook not found.', Messages.webhookNotFound)
  async listWebhookDeliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PageQueryDto,
  ) {
    const page = pageOf(query);
    const { items, total } = await this.webhooks.deliveries(principal.accountId, id, page);
    return envelope('deliveries', page, items.map(toDeliveryDto), total);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @Auth('user')
  @HttpCode(202)
  @ApiOperation({ summary: "Send a delivery's event again, as a new delivery.", description: SENDS_LIMITED })
  @ApiAcceptedResponse({ type: WebhookDeliveryDto })
  @ApiErrorResponse(403, INACTIVE, Messages.accountDisabled)
  @ApiErrorResponse(404, 'Webhook or delivery not found.', Messages.webhookDeliveryNotFound)
  async redeliverWebhook(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @Req() request: FastifyRequest,
    @RequestDeadline() deadline: Deadline,
  ): Promise<WebhookDeliveryDto> {
    refuseInactiveAccount(principal);
    return toDeliveryDto(
      await this.webhooks.redeliver(principal.accountId, id, deliveryId, meterOf(request), deadline),
    );
  }
}
