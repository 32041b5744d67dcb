import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExcludeEndpoint,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { Clock } from '../../common/clock';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { LotteryDto } from './dto/lottery.dto';
import { LotteryTagParamDto } from './dto/lottery-tag-param.dto';
import { LotteryQueryService } from './lottery-query.service';
import { toLotteryDto } from './lottery-view';

/** The metered lottery catalogue (contract section 2). */
@ApiTags('lotteries')
@Controller()
export class LotteriesController {
  constructor(
    private readonly lotteries: LotteryQueryService,
    private readonly clock: Clock,
  ) {}

  @Get('lotteries')
  @Auth('apiToken')
  @ApiOperation({
    summary: 'List the lotteries, ordered by tag.',
    description: 'Also served at GET /lottery.',
  })
  @ApiPage('lotteries', LotteryDto)
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Invalid limit or offset.' })
  listLotteries(@Query() query: PageQueryDto) {
    return this.page(query);
  }

  /**
   * The seed's path for the same list. Left out of the OpenAPI document: two operations with one meaning
   * would give the SDK two methods for the same call.
   */
  @Get('lottery')
  @Auth('apiToken')
  @ApiExcludeEndpoint()
  listLotteriesAtSeedPath(@Query() query: PageQueryDto) {
    return this.page(query);
  }

  @Get('lottery/:tag')
  @Auth('apiToken')
  @ApiOperation({ summary: 'One lottery with its current rules, rule history and draw figures.' })
  @ApiOkResponse({ type: LotteryDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Empty lottery tag.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Lottery not found.' })
  async getLottery(@Param() params: LotteryTagParamDto): Promise<LotteryDto> {
    return toLotteryDto(await this.lotteries.get(params.tag), this.clock.now());
  }

  private page(query: PageQueryDto) {
    return this.lotteries.page(query, this.clock.now());
  }
}
