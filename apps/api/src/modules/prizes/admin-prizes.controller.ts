import { Body, Controller, Delete, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { Messages } from '../../common/errors/messages';
import { DrawDateParamsDto } from '../draws/dto/draw-date-params.dto';
import { RoundQueryDto } from '../draws/dto/draw-query.dto';
import { Auth } from '../guards/auth.decorator';
import { DrawPrizesDto, PutDrawPrizesDto } from './dto/draw-prizes.dto';
import { PrizeWriteService } from './prize-write.service';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

/** Administration of what draws paid (contract section 10). */
@ApiTags('admin')
@Controller('admin/lotteries/:tag/draws/:date/prizes')
export class AdminPrizesController {
  constructor(private readonly writes: PrizeWriteService) {}

  @Put()
  @Auth('admin')
  @ApiOperation({
    summary: 'Store or replace what one draw paid (`round`: which draw of the date, default 1).',
    description:
      "The answer's shape: amounts in the currency's major unit with at most its minor unit's decimals, ranks " +
      "of the prize structure in force on the draw's date. Subscribers of `draw.prizes` hear of it.",
  })
  @ApiBody({ type: PutDrawPrizesDto })
  @ApiCreatedResponse({ type: DrawPrizesDto, description: 'The prizes were stored.' })
  @ApiOkResponse({ type: DrawPrizesDto, description: 'The prizes were replaced.' })
  @ApiErrorResponse(
    400,
    'A field at fault (the message names it).',
    Messages.invalidField('currency', 'an ISO 4217 code such as EUR'),
  )
  @ApiErrorResponse(404, 'Lottery not found, or no such draw.', Messages.drawNotFound)
  async putPrizes(
    @Param() params: DrawDateParamsDto,
    @Query() query: RoundQueryDto,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestDeadline() deadline: Deadline,
  ): Promise<string> {
    const { created, json } = await this.writes.put(
      params.tag,
      params.date,
      query.round ?? 1,
      body,
      deadline,
    );
    reply.status(created ? 201 : 200).header('Content-Type', JSON_CONTENT_TYPE);
    return json;
  }

  @Delete()
  @Auth('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete what one draw paid; the draw stays.' })
  @ApiNoContentResponse({ description: 'The prizes are gone.' })
  @ApiErrorResponse(400, 'Empty tag, invalid date or round.', Messages.invalidDrawDate)
  @ApiErrorResponse(
    404,
    'Lottery not found, no such draw, or no prizes stored for it.',
    Messages.prizesNotFound,
  )
  async deletePrizes(
    @Param() params: DrawDateParamsDto,
    @Query() query: RoundQueryDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<void> {
    await this.writes.remove(params.tag, params.date, query.round ?? 1, deadline);
  }
}
