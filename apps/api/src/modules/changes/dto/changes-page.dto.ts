import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DrawDto } from '../../draws/dto/draw.dto';
import { DrawPrizesDto } from '../../prizes/dto/draw-prizes.dto';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/webhook-subscription.entity';

const DRAW_EVENT_TYPES = WEBHOOK_EVENT_TYPES;

export class DrawChangeDataDto {
  @ApiProperty({ example: 'fr_lotto' })
  lottery!: string;

  @ApiProperty({
    type: DrawDto,
    description: 'The draw as the draw routes answer it (for draw.deleted: as it was).',
  })
  draw!: DrawDto;

  @ApiPropertyOptional({
    type: DrawPrizesDto,
    description: 'draw.prizes only: what the draw paid, as `GET …/draw/{date}/prizes` answers it.',
  })
  prizes?: DrawPrizesDto;
}

/** One event: the body a webhook delivery POSTs, byte for byte. */
export class DrawChangeDto {
  @ApiProperty({ format: 'uuid', description: "The event's id (a webhook's X-Lottery-Event-Id)." })
  id!: string;

  @ApiProperty({ enum: DRAW_EVENT_TYPES })
  type!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: DrawChangeDataDto })
  data!: DrawChangeDataDto;
}

export class ChangesPageDto {
  @ApiProperty({ type: DrawChangeDto, isArray: true, description: 'Oldest first, in commit order.' })
  changes!: DrawChangeDto[];

  @ApiProperty({
    description: 'The cursor to send as `since` next time (opaque; valid on every instance).',
    example: 'djEuMTIuMzQ1LjE3OTY5MDAwMDA',
  })
  next!: string;

  @ApiProperty({
    description: 'Whether more events follow at once (ask again with `next`), or you are up to date.',
  })
  more!: boolean;
}
