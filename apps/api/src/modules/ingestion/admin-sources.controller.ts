import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { LIMIT_MESSAGE, PageQueryDto } from '../../common/pagination/page-query.dto';
import { Auth } from '../guards/auth.decorator';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import { DrawSourceDto } from './dto/draw-source.dto';
import { PutSourceDto } from './dto/put-source.dto';
import { SyncResultDto, SyncStateDto } from './dto/sync-state.dto';
import { DrawSyncService, NoSourceError } from './draw-sync.service';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';
import { ApiError } from '../../common/errors/api-error';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { SourcesService } from './sources.service';

const PAGE_ERROR = LIMIT_MESSAGE;

/** Where each lottery's new draws come from (configured in data), and how their syncs went. */
@ApiTags('admin')
@Controller('admin')
export class AdminSourcesController {
  constructor(
    private readonly sources: SourcesService,
    private readonly sync: DrawSyncService,
    private readonly catalog: LotteryCatalog,
  ) {}

  @Get('sources')
  @Auth('admin')
  @ApiOperation({ summary: "List the lotteries' draw sources, ordered by lottery tag." })
  @ApiPage('sources', DrawSourceDto)
  @ApiErrorResponse(400, 'Invalid limit or offset.', PAGE_ERROR)
  async listSources(@Query() query: PageQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.sources.list(page);
    return envelope(
      'sources',
      page,
      items.map((s) => this.sources.toSourceDto(s)),
      total,
    );
  }

  @Put('sources/:tag')
  @Auth('admin')
  @ApiOperation({
    summary: "Set a lottery's draw source (create or replace).",
    description:
      'A new adapter or URL starts the sync state afresh; a body without `fallbacks` keeps them. The scheduler ' +
      'polls unless the service runs with SYNC=off; ' +
      '`POST /admin/sources/{tag}/sync` runs one sync at once.',
  })
  @ApiOkResponse({ type: DrawSourceDto })
  @ApiErrorResponse(
    400,
    'Unknown adapter, invalid URL or mapping (the message names it).',
    Messages.invalidFieldProblem('url', 'expected an absolute http or https URL.'),
  )
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  async putSource(
    @Param() params: LotteryTagParamDto,
    @Body() body: PutSourceDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<DrawSourceDto> {
    return this.sources.toSourceDto(await this.sources.put(params.tag, body, deadline));
  }

  @Post('sources/:tag/sync')
  @Auth('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: "Sync a lottery's source now, in the running service.",
    description:
      'Fetches the source once (within SYNC_TIMEOUT_MS), writes new draws through the rules, records conflicts, ' +
      "and answers what it did; a failure of the source (unreachable, garbage) is in `error`, with the source's " +
      'sync state updated as after a scheduled sync. Works whatever SYNC is.',
  })
  @ApiOkResponse({ type: SyncResultDto })
  @ApiErrorResponse(400, 'Empty tag.', Messages.lotteryTagEmpty)
  @ApiErrorResponse(404, 'Lottery not found, or it has no source.', Messages.sourceNotFound)
  async syncNow(
    @Param() params: LotteryTagParamDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<SyncResultDto> {
    this.catalog.snapshot(params.tag); // 404 Lottery not found first
    try {
      return await this.sync.syncLottery(params.tag, {}, deadline);
    } catch (error) {
      if (error instanceof NoSourceError) throw ApiError.notFound(Messages.sourceNotFound);
      throw error;
    }
  }

  @Delete('sources/:tag')
  @Auth('admin')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a lottery's draw source (its draws stay)." })
  @ApiNoContentResponse({ description: 'The source is gone.' })
  @ApiErrorResponse(400, 'Empty tag.', Messages.lotteryTagEmpty)
  @ApiErrorResponse(404, 'Lottery not found, or it has no source.', Messages.sourceNotFound)
  async deleteSource(
    @Param() params: LotteryTagParamDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<void> {
    await this.sources.remove(params.tag, deadline);
  }

  @Get('sync')
  @Auth('admin')
  @ApiOperation({
    summary: "Each source's sync state, with its lottery's freshness.",
    description:
      'Last attempt and success, the last error with its reason, the next planned attempt, consecutive ' +
      'failures and what the last sync did (rows rejected included).',
  })
  @ApiPage('sources', SyncStateDto)
  @ApiErrorResponse(400, 'Invalid limit or offset.', PAGE_ERROR)
  async listSyncStates(@Query() query: PageQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.sources.list(page);
    return envelope(
      'sources',
      page,
      items.map((s) => this.sources.toSyncStateDto(s)),
      total,
    );
  }

  @Get('sync/:tag')
  @Auth('admin')
  @ApiOperation({ summary: "One lottery's source sync state, with its freshness." })
  @ApiOkResponse({ type: SyncStateDto })
  @ApiErrorResponse(404, 'Unknown lottery, or no source configured for it.', Messages.sourceNotFound)
  async getSyncState(@Param() params: LotteryTagParamDto) {
    return this.sources.toSyncStateDto(await this.sources.one(params.tag));
  }
}
