import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { BodyLimit } from '../../common/http/body-limit';
import { Auth } from '../guards/auth.decorator';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import { FRESHNESS_RESPONSE_HEADERS } from '../lotteries/domain/freshness-header';
import { FreshnessHeaderWriter } from '../catalog/freshness-header.writer';
import { CheckRequestDto } from './dto/check-request.dto';
import { CheckResultDto } from './dto/check-result.dto';
import { CHECK_REQUEST_EXAMPLES, CHECK_RESULT_EXAMPLE } from './ticket-check.examples';
import { TicketCheckService } from './ticket-check.service';

@ApiTags('draws')
@Controller('lottery/:tag')
export class TicketCheckController {
  constructor(
    private readonly checks: TicketCheckService,
    private readonly catalog: LotteryCatalog,
    private readonly freshness: FreshnessHeaderWriter,
  ) {}

  @Post('check')
  @Auth('apiToken')
  // The largest legitimate body: 100 tickets of 20 + 2 numbers, pretty-printed with 4 spaces, is 54 KB.
  @BodyLimit(64 * 1024)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Did my numbers win? Check 1 to 100 tickets against one draw or a range of draws.',
    description:
      'One unit of quota per request. The answer follows the question, never the number of draws found: `date` ' +
      '(with `round`: that round only) or neither `date` nor a range (the latest draw date): one result for every ' +
      'draw of that date, each round newest first, `division` null when nothing was won; `from`/`to`: only the ' +
      'draws in the range that the ticket won, newest first, with the sums `won` and `amountsUnknown` (always, ' +
      'also over one draw or none). Each result names the matched numbers and the prize division won, per the prize structure in force on ' +
      "the draw's date (the lottery's `rules[].prizes`, with their sources). Each ticket is checked against the " +
      'draws of the rule eras it fits; the draws of eras it does not fit are counted in its `skipped`. A ticket ' +
      'that fits none of the eras the draws fall in is a 400 (one 400 names every such ticket).',
  })
  @ApiBody({ type: CheckRequestDto, examples: CHECK_REQUEST_EXAMPLES })
  @ApiOkResponse({
    type: CheckResultDto,
    content: { 'application/json': { example: CHECK_RESULT_EXAMPLE } },
    headers: FRESHNESS_RESPONSE_HEADERS,
  })
  @ApiErrorResponse(
    400,
    'Invalid tickets, dates or round (`round` without `date`), or tickets that fit none of the rule eras checked (the message names each).',
    Messages.ticketsInvalid,
  )
  @ApiErrorResponse(404, 'Lottery not found, or no draw on that date.', Messages.drawNotFound)
  check(
    @Param() params: LotteryTagParamDto,
    @Body() body: CheckRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): CheckResultDto {
    const result = this.checks.check(params.tag, body);
    this.freshness.write(reply, params.tag);
    return result;
  }
}
