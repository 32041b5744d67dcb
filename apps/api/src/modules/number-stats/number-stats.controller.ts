import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { Auth } from '../guards/auth.decorator';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import { FRESHNESS_RESPONSE_HEADERS } from '../lotteries/domain/freshness-header';
import { FreshnessHeaderWriter } from '../catalog/freshness-header.writer';
import { NumberStatsDto } from './dto/number-stats.dto';
import { StatsQueryDto } from './dto/stats-query.dto';
import { NumberStatsService } from './number-stats.service';

@ApiTags('draws')
@Controller('lottery/:tag')
export class NumberStatsController {
  constructor(
    private readonly stats: NumberStatsService,
    private readonly catalog: LotteryCatalog,
    private readonly freshness: FreshnessHeaderWriter,
  ) {}

  @Get('stats')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'Which numbers come up: per value, count, frequency, last drawn, draws since, longest gap.',
    description:
      'Window: `from`/`to` (inclusive); by default from the first day of the number rules in force at the latest ' +
      'draw (consecutive eras with the same main and special groups count as one: rounds, prizes or a schedule ' +
      'changing alone do not restart it), to the latest draw. One unit of quota per request. The default window ' +
      'is prepared in advance.',
  })
  @ApiOkResponse({
    type: NumberStatsDto,
    headers: FRESHNESS_RESPONSE_HEADERS,
  })
  @ApiErrorResponse(
    400,
    "Empty tag, an invalid or pre-1800 date, or 'from' after 'to'.",
    Messages.fromAfterTo,
  )
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  getStats(
    @Param() params: LotteryTagParamDto,
    @Query() query: StatsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const json = this.stats.statsJson(params.tag, query);
    this.freshness.write(reply, params.tag);
    return json;
  }
}
