import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth } from '../guards/auth.decorator';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelopeJson, pageFigures, pageOf } from '../../common/pagination/page';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import { DrawDateParamsDto } from './dto/draw-date-params.dto';
import {
  DrawListQueryDto,
  DrawOnDateQueryDto,
  SortNumberQueryDto,
  SORT_NUMBER_MESSAGE,
} from './dto/draw-query.dto';
import { DrawDto } from './dto/draw.dto';
import { FRESHNESS_RESPONSE_HEADERS } from '../lotteries/domain/freshness-header';
import { FreshnessHeaderWriter } from '../catalog/freshness-header.writer';
import { LIMIT_MESSAGE } from '../../common/pagination/page-query.dto';

const BAD_REQUEST = 'Empty tag, or an invalid query parameter (the message names it).';
const BAD_DATE = 'Empty tag, invalid or pre-1800 date, or invalid sort_number or round.';

/** On every draw answer: how current the lottery's stored draws are; on a page, its figures too. */
const PAGE_HEADERS = {
  ...FRESHNESS_RESPONSE_HEADERS,
  'X-Total-Count': { description: 'Size of the whole filtered set.', schema: { type: 'integer' } },
  'X-Limit': { description: 'Page size applied (max 15).', schema: { type: 'integer' } },
  'X-Offset': { description: 'Offset applied.', schema: { type: 'integer' } },
  'X-More': { description: 'Whether more draws follow this page.', schema: { type: 'boolean' } },
};

/**
 * The metered draw routes (contract section 2), answered from the in-memory catalog as ready JSON. Validation runs
 * in the pipes, before any lookup.
 */
@ApiTags('draws')
@Controller('lottery/:tag')
export class DrawsController {
  constructor(
    private readonly catalog: LotteryCatalog,
    private readonly freshness: FreshnessHeaderWriter,
  ) {}

  @Get('draw/numbers')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'Search draws, newest first (bare array).',
    description: 'The page figures come as headers: X-Total-Count, X-Limit, X-Offset, X-More.',
  })
  @ApiOkResponse({ type: DrawDto, isArray: true, headers: PAGE_HEADERS })
  @ApiErrorResponse(400, BAD_REQUEST, LIMIT_MESSAGE)
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  searchDraws(
    @Param() params: LotteryTagParamDto,
    @Query() query: DrawListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const page = pageOf(query);
    const { itemsJson, returned, total } = this.catalog.drawPage(
      params.tag,
      query,
      page,
      query.sort_number ?? 'draw',
    );
    const figures = pageFigures(page, returned, total);
    this.freshness.write(reply, params.tag);
    reply.headers({
      'X-Total-Count': String(figures.total),
      'X-Limit': String(figures.limit),
      'X-Offset': String(figures.offset),
      'X-More': String(figures.more),
    });
    return `[${itemsJson}]`;
  }

  @Get('draw/latest/numbers')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({ summary: 'The most recent draw.' })
  @ApiOkResponse({ type: DrawDto, headers: FRESHNESS_RESPONSE_HEADERS })
  @ApiErrorResponse(400, 'Empty tag, or invalid sort_number.', SORT_NUMBER_MESSAGE)
  @ApiErrorResponse(404, 'Lottery not found, or no draws were found for it.', Messages.drawNotFound)
  getLatestDraw(
    @Param() params: LotteryTagParamDto,
    @Query() query: SortNumberQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const json = this.catalog.latestJson(params.tag, query.sort_number ?? 'draw');
    this.withFreshness(reply, params.tag);
    return json;
  }

  @Get('draw/:date/numbers')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'The draw of one date.',
    description: 'Round 1 of the date; `round` picks another where the lottery draws several on one date.',
  })
  @ApiOkResponse({ type: DrawDto, headers: FRESHNESS_RESPONSE_HEADERS })
  @ApiErrorResponse(400, BAD_DATE, Messages.invalidDrawDate)
  @ApiErrorResponse(404, 'Lottery not found, or no draw on that date (or round).', Messages.drawNotFound)
  getDrawByDate(
    @Param() params: DrawDateParamsDto,
    @Query() query: DrawOnDateQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const json = this.catalog.drawJsonOn(params.tag, params.date, query.sort_number ?? 'draw', query.round);
    this.withFreshness(reply, params.tag);
    return json;
  }

  @Get('draws')
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({ summary: 'List draws, newest first (paginated envelope).' })
  @ApiPage('draws', DrawDto, FRESHNESS_RESPONSE_HEADERS)
  @ApiErrorResponse(400, BAD_REQUEST, LIMIT_MESSAGE)
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  listDraws(
    @Param() params: LotteryTagParamDto,
    @Query() query: DrawListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    this.withFreshness(reply, params.tag);
    const page = pageOf(query);
    const { itemsJson, returned, total } = this.catalog.drawPage(
      params.tag,
      query,
      page,
      query.sort_number ?? 'draw',
    );
    return envelopeJson('draws', page, itemsJson, returned, total);
  }

  private withFreshness(reply: FastifyReply, tag: string): void {
    this.freshness.write(reply, tag);
  }
}
