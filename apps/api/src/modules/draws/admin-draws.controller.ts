import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth } from '../guards/auth.decorator';
import { BodyLimit } from '../../common/http/body-limit';
import { TextBody } from '../../common/http/text-body';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import { DrawImportService } from './draw-import.service';
import { DrawProvenanceService } from './draw-provenance.service';
import { toDrawDto } from './domain/draw-view';
import { DrawWriteService } from './draw-write.service';
import { AdminDrawDto } from './dto/admin-draw.dto';
import { DrawDateParamsDto } from './dto/draw-date-params.dto';
import { DrawDto } from './dto/draw.dto';
import { ImportResultDto } from './dto/import-result.dto';
import { ImportQueryDto } from './dto/import-query.dto';
import { PutDrawDto } from './dto/put-draw.dto';
import { DrawListQueryDto, RoundQueryDto } from './dto/draw-query.dto';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { LIMIT_MESSAGE } from '../../common/pagination/page-query.dto';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';

/** Draw administration (contract section 4): every write is checked against the era in force on its date. */
@ApiTags('admin')
@Controller('admin/lotteries/:tag/draws')
export class AdminDrawsController {
  constructor(
    private readonly writes: DrawWriteService,
    private readonly imports: DrawImportService,
    private readonly provenance: DrawProvenanceService,
    private readonly catalog: LotteryCatalog,
  ) {}

  @Get()
  @Auth('admin')
  @ApiOperation({
    summary: "A page of a lottery's draws with their provenance, newest first (administrators; not metered).",
    description:
      '`from`/`to` bound the dates (inclusive); `sort_number` is accepted as on the metered routes.',
  })
  @ApiPage('draws', AdminDrawDto)
  @ApiErrorResponse(400, 'Empty tag, or an invalid query parameter (the message names it).', LIMIT_MESSAGE)
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  async adminListDraws(@Param() params: LotteryTagParamDto, @Query() query: DrawListQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.provenance.list(params.tag, query, page);
    return envelope('draws', page, items, total);
  }

  @Get(':date')
  @Auth('admin')
  @ApiOperation({
    summary: 'One draw with its provenance (administrators; not metered).',
    description: 'An ingested draw names the source it was fetched from and when.',
  })
  @ApiOkResponse({ type: AdminDrawDto })
  @ApiErrorResponse(400, 'Empty tag, or an invalid or pre-1800 date.', Messages.invalidDrawDate)
  @ApiErrorResponse(404, 'Lottery not found, or no draw on that date.', Messages.drawNotFound)
  async adminGetDraw(
    @Param() params: DrawDateParamsDto,
    @Query() query: RoundQueryDto,
  ): Promise<AdminDrawDto> {
    return this.provenance.find(params.tag, params.date, query.round ?? 1);
  }

  @Put(':date')
  @Auth('admin')
  @ApiOperation({
    summary: 'Create or replace the draw of one date.',
    description:
      'Numbers in draw order. `round` (default 1) addresses another draw of the date, where the era in force ' +
      'has several rounds (`rules[].rounds`); a round beyond them is a 400 naming `round`.',
  })
  @ApiCreatedResponse({ type: DrawDto, description: 'The draw was created.' })
  @ApiOkResponse({ type: DrawDto, description: 'The draw was replaced.' })
  @ApiErrorResponse(
    400,
    'Invalid date, or numbers that break the rules of the era.',
    Messages.invalidDrawDate,
  )
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  async putDraw(
    @Param() params: DrawDateParamsDto,
    @Query() query: RoundQueryDto,
    @Body() body: PutDrawDto,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestDeadline() deadline: Deadline,
  ): Promise<DrawDto> {
    const round = query.round ?? 1;
    const draw = {
      date: params.date,
      ...(round === 1 ? {} : { round }),
      main: body.main,
      special: body.special ?? [],
    };
    const { created, withRound } = await this.writes.put(params.tag, draw, deadline);
    reply.status(created ? 201 : 200);
    // The read model has followed the write (read-your-writes): it knows how many rounds the date has now.
    const rounds = withRound ? this.catalog.snapshot(params.tag).roundsStoredOn(params.date) : undefined;
    return toDrawDto(draw, 'draw', withRound, rounds);
  }

  @Delete(':date')
  @Auth('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete the draw of one date (`round`: which one, default 1), with its prizes.' })
  @ApiNoContentResponse({ description: 'The draw is gone.' })
  @ApiErrorResponse(400, 'Empty tag, or an invalid or pre-1800 date.', Messages.drawDateTooEarly)
  @ApiErrorResponse(404, 'Lottery not found, or no draw on that date.', Messages.drawNotFound)
  async deleteDraw(
    @Param() params: DrawDateParamsDto,
    @Query() query: RoundQueryDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<void> {
    await this.writes.remove(params.tag, params.date, query.round ?? 1, deadline);
  }

  @Post('import')
  // The administrator is checked before the body is read: a CSV may be megabytes (IMPORT_MAX_BYTES).
  @Auth('admin', { beforeBody: true })
  @BodyLimit((settings) => settings.importMaxBytes)
  @TextBody()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Import draws from CSV (header date,main,special; numbers space-separated, in draw order).',
    description:
      'Each line is validated on its own. Rejected lines are reported and never written; all other lines are ' +
      'inserted, updated or left unchanged together, in one transaction. `dryRun=true` previews: the same ' +
      'counts, nothing written.',
  })
  @ApiConsumes('text/csv')
  @ApiBody({
    schema: { type: 'string', example: 'date,main,special\n2024-01-02,7 18 49 46 15,12 10\n' },
  })
  @ApiOkResponse({ type: ImportResultDto })
  @ApiErrorResponse(400, 'Empty tag, or a body that is not text/csv.', Messages.invalidCsvBody)
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  async importDraws(
    @Param() params: LotteryTagParamDto,
    @Query() query: ImportQueryDto,
    @Body() body: string,
    @RequestDeadline() deadline: Deadline,
  ): Promise<ImportResultDto> {
    // @TextBody: text/csv (and text/plain) arrive as one string; anything else arrives parsed as JSON.
    if (typeof body !== 'string') throw ApiError.badRequest(Messages.invalidCsvBody);
    return this.imports.importCsv(params.tag, body, { dryRun: query.dryRun ?? false }, deadline);
  }
}
