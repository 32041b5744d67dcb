import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { Auth } from '../guards/auth.decorator';
import { ChangesService } from './changes.service';
import { ChangesPageDto } from './dto/changes-page.dto';
import {
  CHANGES_DEFAULT_LIMIT,
  CHANGES_MAX_LIMIT,
  ChangesQueryDto,
  SINCE_MESSAGE,
} from './dto/changes-query.dto';

/** The change feed (contract section 12): metered like every lottery route, one unit of quota per page. */
@ApiTags('changes')
@Controller('changes')
export class ChangesController {
  constructor(private readonly changes: ChangesService) {}

  @Get()
  @Auth('apiToken')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @ApiOperation({
    summary: 'What changed: the webhook events (published, corrected, deleted, prizes), oldest first.',
    description:
      'Start with an export, then follow `next` until `more` is false, then poll with it: every event is seen ' +
      'once, in commit order, from any instance. Without `since`: no changes and the current cursor. Events are ' +
      'kept CHANGES_RETENTION_DAYS (90 by default); an older cursor is answered 410.',
  })
  @ApiOkResponse({ type: ChangesPageDto })
  @ApiErrorResponse(400, "A malformed cursor ('since'), lotteries or limit.", SINCE_MESSAGE)
  @ApiErrorResponse(404, 'A lottery of `lotteries` is unknown.', Messages.lotteryNotFound)
  @ApiErrorResponse(
    410,
    'The cursor is older than the change history: export again.',
    Messages.changesCursorGone,
  )
  getChanges(@Query() query: ChangesQueryDto): Promise<string> {
    return this.changes.pageJson({
      since: query.since,
      lotteries: query.lotteries ? query.lotteries.split(',') : undefined,
      limit: Math.min(query.limit ?? CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT),
    });
  }
}
