import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { DrawDateParamsDto } from '../draws/dto/draw-date-params.dto';
import { ROUND_MESSAGE, RoundQueryDto } from '../draws/dto/draw-query.dto';
import { Auth } from '../guards/auth.decorator';
import { FRESHNESS_RESPONSE_HEADERS } from '../lotteries/domain/freshness-header';
import { FreshnessHeaderWriter } from '../catalog/freshness-header.writer';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import { DrawPrizesDto } from './dto/draw-prizes.dto';

const NOT_FOUND =
  'Lottery not found, no such draw, or its prizes are not stored (yet): `No prizes were found for draw.`';

/**
 * What a draw paid (contract section 10): metered like the draw routes, answered from the in-memory catalog.
 * Operators publish prizes after the numbers (often hours later), so a draw may exist before its prizes do.
 */
@ApiTags('draws')
@Controller('lottery/:tag/draw')
export class PrizesController {
  constructor(
    private readonly catalog: LotteryCatalog,
    private readonly freshness: FreshnessHeaderWriter,
  ) {}

  @Get('latest/prizes')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'What the latest draw paid: divisions, winners, amounts, jackpot.',
    description: 'The last round of the latest date.',
  })
  @ApiOkResponse({ type: DrawPrizesDto, headers: FRESHNESS_RESPONSE_HEADERS })
  @ApiErrorResponse(400, 'Empty tag.', Messages.lotteryTagEmpty)
  @ApiErrorResponse(404, NOT_FOUND, Messages.prizesNotFound)
  latestPrizes(@Param() params: LotteryTagParamDto, @Res({ passthrough: true }) reply: FastifyReply): string {
    const json = this.catalog.prizesJsonOf(params.tag, 'latest');
    this.freshness.write(reply, params.tag);
    return json;
  }

  @Get(':date/prizes')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'What the draw of one date paid: divisions, winners, amounts, jackpot.',
    description:
      "Amounts are in `currency`'s major unit, exact to its minor unit. `round` picks another draw of the date " +
      'where the lottery draws several.',
  })
  @ApiOkResponse({ type: DrawPrizesDto, headers: FRESHNESS_RESPONSE_HEADERS })
  @ApiErrorResponse(400, 'Empty tag, invalid or pre-1800 date, or invalid round.', ROUND_MESSAGE)
  @ApiErrorResponse(404, NOT_FOUND, Messages.prizesNotFound)
  prizesOn(
    @Param() params: DrawDateParamsDto,
    @Query() query: RoundQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const json = this.catalog.prizesJsonOf(params.tag, params.date, query.round ?? 1);
    this.freshness.write(reply, params.tag);
    return json;
  }
}
