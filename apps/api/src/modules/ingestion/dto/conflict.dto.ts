import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { PageQueryDto } from '../../../common/pagination/page-query.dto';
import { DrawDto } from '../../draws/dto/draw.dto';

export const CONFLICT_STATUSES = ['open', 'accepted', 'rejected', 'corrected'] as const;

export class ConflictDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'us_powerball' })
  lottery!: string;

  @ApiProperty({ type: () => DrawDto, description: 'The draw as stored when the conflict was found.' })
  stored!: DrawDto;

  @ApiProperty({ type: () => DrawDto, description: 'The draw as the source published it.' })
  fetched!: DrawDto;

  @ApiProperty({ example: 'socrata-powerball https://data.ny.gov/resource/d6yy-54nr.json' })
  source!: string;

  @ApiProperty({ format: 'date-time' })
  fetchedAt!: string;

  @ApiProperty({
    enum: CONFLICT_STATUSES,
    description:
      'open: waits for an administrator; accepted/rejected: decided; corrected: written at once ' +
      '(SYNC_ACCEPT_CORRECTIONS=on).',
  })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  resolvedAt!: string | null;
}

export class ConflictQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: CONFLICT_STATUSES,
    description: 'Only conflicts of this status (default: all).',
  })
  @IsOptional()
  @IsIn(CONFLICT_STATUSES, { message: Messages.invalidField('status', CONFLICT_STATUSES.join(', ')) })
  status?: (typeof CONFLICT_STATUSES)[number];
}
