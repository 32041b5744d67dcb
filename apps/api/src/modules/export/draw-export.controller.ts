import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { FreshnessHeaderWriter } from '../catalog/freshness-header.writer';
import { Auth } from '../guards/auth.decorator';
import { FRESHNESS_RESPONSE_HEADERS } from '../lotteries/domain/freshness-header';
import { LotteryTagParamDto } from '../lotteries/dto/lottery-tag-param.dto';
import type { ExportFormat } from './draw-export-encoding';
import { DrawExportService } from './draw-export.service';
import { ExportQueryDto, FORMAT_MESSAGE } from './dto/export-query.dto';
import { chooseCoding } from './export-negotiation';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

const EXPORT_HEADERS = {
  ...FRESHNESS_RESPONSE_HEADERS,
  ETag: {
    description: 'Changes whenever a draw or prize of the lottery changes; send it back in If-None-Match.',
    schema: { type: 'string' },
  },
  'Last-Modified': { description: 'When this version was first served.', schema: { type: 'string' } },
  'Content-Disposition': {
    description: 'attachment; filename="<tag>-draws.<csv|json|ndjson>"',
    schema: { type: 'string' },
  },
};

/** The bulk export (contract section 12): metered like every lottery route, one unit of quota per request. */
@ApiTags('draws')
@Controller('lottery/:tag')
export class DrawExportController {
  constructor(
    private readonly exports: DrawExportService,
    private readonly freshness: FreshnessHeaderWriter,
  ) {}

  @Get('draws/export')
  @Auth('apiToken')
  @ApiOperation({
    summary: 'The whole history (or a date range) in one download: CSV, JSON or NDJSON, newest first.',
    description:
      'Every round, newest first, like the draw lists. `ETag` and `Last-Modified` answer `If-None-Match` and ' +
      '`If-Modified-Since` with 304 and no body; compressed (gzip, br) when `Accept-Encoding` asks. One unit of ' +
      'quota per request.',
  })
  @ApiResponse({
    status: 200,
    description: 'The draws in the format asked for.',
    headers: EXPORT_HEADERS,
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/json': { schema: { type: 'string' } },
      'application/x-ndjson': { schema: { type: 'string' } },
    },
  })
  @ApiResponse({ status: 304, description: 'Not modified since the ETag or date sent.' })
  @ApiErrorResponse(
    400,
    "Empty tag, an invalid or pre-1800 date, 'from' after 'to', or an invalid format or prizes.",
    FORMAT_MESSAGE,
  )
  @ApiErrorResponse(404, 'Lottery not found.', Messages.lotteryNotFound)
  async exportDraws(
    @Param() params: LotteryTagParamDto,
    @Query() query: ExportQueryDto,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const format = query.format ?? 'csv';
    const answer = await this.exports.export({
      tag: params.tag,
      format,
      prizes: query.prizes ?? false,
      from: query.from,
      to: query.to,
      coding: chooseCoding(acceptEncoding),
      ifNoneMatch,
      ifModifiedSince,
    });
    this.freshness.write(reply, params.tag);
    reply.headers({
      ETag: answer.etag,
      'Last-Modified': answer.lastModified.toUTCString(),
      // Metered answers are the token holder's: no shared cache keeps them, and a client asks again with the ETag.
      'Cache-Control': 'private, no-cache',
      Vary: 'Accept-Encoding',
    });
    if (answer.status === 304) {
      reply.status(304);
      return undefined;
    }
    reply.headers({
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="${params.tag}-draws.${format}"`,
      ...(answer.coding === 'identity' ? {} : { 'Content-Encoding': answer.coding }),
    });
    return answer.body;
  }
}
