import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { Auth } from '../guards/auth.decorator';
import { ConflictsService } from './conflicts.service';
import { ConflictDto, ConflictQueryDto } from './dto/conflict.dto';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

/** Fetched draws that differ from stored ones wait here for an administrator's decision. */
@ApiTags('admin')
@Controller('admin/conflicts')
export class AdminConflictsController {
  constructor(private readonly conflicts: ConflictsService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'List conflicts between fetched and stored draws, newest first.' })
  @ApiPage('conflicts', ConflictDto)
  @ApiErrorResponse(
    400,
    'Invalid limit, offset or status.',
    Messages.invalidField('status', 'open, accepted, rejected, corrected'),
  )
  async listConflicts(@Query() query: ConflictQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.conflicts.list(page, query.status);
    return envelope(
      'conflicts',
      page,
      items.map((c) => this.conflicts.toDto(c)),
      total,
    );
  }

  @Post(':id/accept')
  @Auth('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept a conflict: the fetched draw replaces the stored one.',
    description: "Checked against the lottery's rules as every draw write; the draw records the source.",
  })
  @ApiParam({ name: 'id', type: String, format: 'uuid' })
  @ApiOkResponse({ type: ConflictDto })
  @ApiErrorResponse(
    400,
    "The fetched draw does not fit the lottery's rules (they changed).",
    Messages.conflictNoLongerFits('Main number 70 is out of range 1-69 for draws from 2015-10-07.'),
  )
  @ApiErrorResponse(404, 'Conflict not found.', Messages.conflictNotFound)
  @ApiErrorResponse(409, 'The conflict has already been resolved.', Messages.conflictResolved)
  async acceptConflict(@Param('id') id: string, @RequestDeadline() deadline: Deadline): Promise<ConflictDto> {
    return this.conflicts.toDto(await this.conflicts.accept(id, deadline));
  }

  @Post(':id/reject')
  @Auth('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reject a conflict: the stored draw stays.',
    description: 'The same fetched numbers do not raise a conflict again.',
  })
  @ApiParam({ name: 'id', type: String, format: 'uuid' })
  @ApiOkResponse({ type: ConflictDto })
  @ApiErrorResponse(404, 'Conflict not found.', Messages.conflictNotFound)
  @ApiErrorResponse(409, 'The conflict has already been resolved.', Messages.conflictResolved)
  async rejectConflict(@Param('id') id: string, @RequestDeadline() deadline: Deadline): Promise<ConflictDto> {
    return this.conflicts.toDto(await this.conflicts.reject(id, deadline));
  }
}
