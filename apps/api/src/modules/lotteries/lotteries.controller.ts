import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { Clock } from '../../common/clock';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { LIMIT_MESSAGE } from '../../common/pagination/page-query.dto';
import { LotteryListQueryDto } from './dto/lottery-list-query.dto';
import { LotteryDto } from './dto/lottery.dto';
import { LotteryDirectoryEntryDto } from './dto/lottery-directory-entry.dto';
import { LotteryTagParamDto } from './dto/lottery-tag-param.dto';
import { pageOf } from '../../common/pagination/page';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';

/** The metered lottery catalogue (contract section 2), answered from the in-memory catalog as ready JSON. */
@ApiTags('lotteries')
@Controller()
export class LotteriesController {
  constructor(
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
  ) {}

  @Get('lotteries')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'List the lotteries, ordered by tag.',
    description: 'Also served at GET /lottery.',
  })
  @ApiPage('lotteries', LotteryDto)
  @ApiErrorResponse(400, 'Invalid limit, offset, country, q or status.', LIMIT_MESSAGE)
  listLotteries(@Query() query: LotteryListQueryDto): string {
    return this.page(query);
  }

  /**
   * Which lotteries the service carries, for anyone: sign-up pages and the portal's lottery pickers need the names
   * before (or without) a token. Names only, answered from memory: its cost is the client-IP limit's to bound.
   */
  @Get('lotteries/directory')
  @Auth('public')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'Which lotteries the service carries (tag, name, country), ordered by tag: no token, no quota.',
    description: 'The lotteries themselves, with rules and draw figures, are GET /lotteries (metered).',
  })
  @ApiPage('lotteries', LotteryDirectoryEntryDto)
  @ApiErrorResponse(400, 'Invalid limit, offset, country, q or status.', LIMIT_MESSAGE)
  listDirectory(@Query() query: LotteryListQueryDto): string {
    return this.catalog.directoryPageJson(pageOf(query), LotteryListQueryDto.filterOf(query));
  }

  /**
   * The seed's path for the same list. Left out of the OpenAPI document: two operations with one meaning
   * would give the SDK two methods for the same call.
   */
  @Get('lottery')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiExcludeEndpoint()
  listLotteriesAtSeedPath(@Query() query: LotteryListQueryDto): string {
    return this.page(query);
  }

  @Get('lottery/:tag')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({ summary: 'One lottery with its current rules, rule history and draw figures.' })
  @ApiOkResponse({ type: LotteryDto })
  @ApiErrorResponse(400, 'Empty lottery tag.', Messages.lotteryTagEmpty)
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  getLottery(@Param() params: LotteryTagParamDto): string {
    return this.catalog.lotteryJsonOf(params.tag, this.clock.now());
  }

  private page(query: LotteryListQueryDto): string {
    return this.catalog.lotteryPageJson(pageOf(query), this.clock.now(), LotteryListQueryDto.filterOf(query));
  }
}
