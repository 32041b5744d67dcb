import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth } from '../../common/auth/auth.decorator';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageFigures, pageOf } from '../../common/pagination/page';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import { DrawQueryService } from './draw-query.service';
import { toDrawDto } from './draw-view';
import { DrawDateParamsDto } from './dto/draw-date-params.dto';
import { DrawListQueryDto, SortNumberQueryDto } from './dto/draw-query.dto';
import { DrawDto } from './dto/draw.dto';

const BAD_REQUEST = 'Empty tag, or an invalid query parameter (the message names it).';
const BAD_DATE = 'Empty tag, invalid or pre-1800 date, or invalid sort_number.';

const PAGE_HEADERS = {
  'X-Total-Count': { description: 'Size of the whole filtered set.', schema: { type: 'integer' } },
  'X-Limit': { description: 'Page size applied (max 15).', schema: { type: 'integer' } },
  'X-Offset': { description: 'Offset applied.', schema: { type: 'integer' } },
  'X-More': { description: 'Whether more draws follow this page.', schema: { type: 'boolean' } },
};

/** The metered draw routes (contract section 2). Validation runs in the pipes, before any lookup. */
@ApiTags('draws')
@Controller('lottery/:tag')
export class DrawsController {
  constructor(private readonly draws: DrawQueryService) {}

  @Get('draw/numbers')
  @Auth('apiToken')
  @ApiOperation({
    summary: 'Search draws, newest first (bare array).',
    description: 'The page figures come as headers: X-Total-Count, X-Limit, X-Offset, X-More.',
  })
  @ApiOkResponse({ type: DrawDto, isArray: true, headers: PAGE_HEADERS })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: BAD_REQUEST })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Lottery not found.' })
  async searchDraws(
    @Param() params: LotteryTagParamDto,
    @Query() query: DrawListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DrawDto[]> {
    const page = pageOf(query);
    const { items, total } = await this.draws.search(params.tag, query, page);
    const figures = pageFigures(page, items.length, total);
    reply.headers({
      'X-Total-Count': String(figures.total),
      'X-Limit': String(figures.limit),
      'X-Offset': String(figures.offset),
      'X-More': String(figures.more),
    });
    return items.map((draw) => toDrawDto(draw, query.sort_number ?? false));
  }

  @Get('draw/latest/numbers')
  @Auth('apiToken')
  @ApiOperation({ summary: 'The most recent draw.' })
  @ApiOkResponse({ type: DrawDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: BAD_REQUEST })
  @ApiNotFoundResponse({
    type: ErrorBodyDto,
    description: 'Lottery not found, or no draws were found for it.',
  })
  async getLatestDraw(
    @Param() params: LotteryTagParamDto,
    @Query() query: SortNumberQueryDto,
  ): Promise<DrawDto> {
    return toDrawDto(await this.draws.latest(params.tag), query.sort_number ?? false);
  }

  @Get('draw/:date/numbers')
  @Auth('apiToken')
  @ApiOperation({ summary: 'The draw of one date.' })
  @ApiOkResponse({ type: DrawDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: BAD_DATE })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Lottery not found, or no draw on that date.' })
  async getDrawByDate(
    @Param() params: DrawDateParamsDto,
    @Query() query: SortNumberQueryDto,
  ): Promise<DrawDto> {
    return toDrawDto(await this.draws.onDate(params.tag, params.date), query.sort_number ?? false);
  }

  @Get('draws')
  @Auth('apiToken')
  @ApiOperation({ summary: 'List draws, newest first (paginated envelope).' })
  @ApiPage('draws', DrawDto)
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: BAD_REQUEST })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Lottery not found.' })
  async listDraws(@Param() params: LotteryTagParamDto, @Query() query: DrawListQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.draws.search(params.tag, query, page);
    const sorted = query.sort_number ?? false;
    return envelope(
      'draws',
      page,
      items.map((draw) => toDrawDto(draw, sorted)),
      total,
    );
  }
}
