import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Body, Controller, Get, Header, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { BodyLimit } from '../../common/http/body-limit';
import { Clock } from '../../common/clock';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { LIMIT_MESSAGE, PageQueryDto } from '../../common/pagination/page-query.dto';
import { pageOf } from '../../common/pagination/page';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { CreateLotteryDto } from './dto/create-lottery.dto';
import { AdminLotteryDto, LotteryDto } from './dto/lottery.dto';
import { LotteryTagParamDto } from './dto/lottery-tag-param.dto';
import { UpdateLotteryDto } from './dto/update-lottery.dto';
import { toLotteryDto } from './domain/lottery-view';
import { LotteryWriteService } from './lottery-write.service';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

/**
 * A lottery with its rule eras and prize structures: the largest bundled one (us_megamillions) is 12.9 KB
 * pretty-printed; twice that, rounded up.
 */
const LOTTERY_BODY_LIMIT = 32 * 1024;

/** Lottery administration (contract section 4). Draw administration lives in the draws module. */
@ApiTags('admin')
@Controller('admin/lotteries')
export class AdminLotteriesController {
  constructor(
    private readonly lotteries: LotteryWriteService,
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
  ) {}

  /**
   * The same list as GET /lotteries for administrators, with each lottery's provenance: by JWT, not metered, so
   * browsing costs no quota.
   */
  @Get()
  @Auth('admin')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({ summary: 'List the lotteries, ordered by tag (administrators; not metered).' })
  @ApiPage('lotteries', AdminLotteryDto)
  @ApiErrorResponse(400, 'Invalid limit or offset.', LIMIT_MESSAGE)
  async adminListLotteries(@Query() query: PageQueryDto): Promise<string> {
    const json = this.catalog.lotteryPageJson(pageOf(query), this.clock.now());
    const page = JSON.parse(json) as { lotteries?: LotteryDto[] };
    // limit=0 asks for the count alone: the envelope has no list.
    if (page.lotteries === undefined) return json;
    const provenance = await this.lotteries.provenanceOf(page.lotteries.map((lottery) => lottery.tag));
    const lotteries: AdminLotteryDto[] = page.lotteries.map((lottery) => ({
      ...lottery,
      provenance: provenance.get(lottery.tag) ?? null,
    }));
    return JSON.stringify({ ...page, lotteries });
  }

  @Post()
  @Auth('admin')
  @BodyLimit(LOTTERY_BODY_LIMIT)
  @ApiOperation({
    summary: 'Create a lottery.',
    description: 'Without `rules`, one rule era from 1800-01-01 is built from `main` and `special`.',
  })
  @ApiCreatedResponse({ type: LotteryDto })
  @ApiErrorResponse(400, 'A field is missing or invalid (the message names it).', Messages.lotteryTagEmpty)
  @ApiErrorResponse(409, 'A lottery with this tag already exists.', Messages.lotteryExists)
  async createLottery(
    @Body() body: CreateLotteryDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<LotteryDto> {
    return toLotteryDto(await this.lotteries.create(body, deadline), this.clock.now());
  }

  @Patch(':tag')
  @Auth('admin')
  @BodyLimit(LOTTERY_BODY_LIMIT)
  @ApiOperation({
    summary: 'Change a lottery (any field but its tag).',
    description:
      '`rules` replaces the rule history; `main`/`special` replace the groups of the era in force today. ' +
      'A change that an existing draw would no longer fit is refused, naming that draw.',
  })
  @ApiOkResponse({ type: LotteryDto })
  @ApiErrorResponse(400, 'Invalid field, or the new rules break a stored draw.', Messages.lotteryTagImmutable)
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  async updateLottery(
    @Param() params: LotteryTagParamDto,
    @Body() body: UpdateLotteryDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<LotteryDto> {
    return toLotteryDto(await this.lotteries.update(params.tag, body, deadline), this.clock.now());
  }
}
