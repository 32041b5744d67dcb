import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

export const MAX_GRACE_SECONDS = 86_400;
export const GRACE_SECONDS_MESSAGE = Messages.invalidField(
  'graceSeconds',
  `a whole number from 0 to ${MAX_GRACE_SECONDS}`,
);

export class RollTokenDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_GRACE_SECONDS,
    default: 0,
    example: 3600,
    description: 'How long the old secret keeps working, so clients can switch without downtime.',
  })
  @IsOptional()
  @IsInt({ message: GRACE_SECONDS_MESSAGE })
  @Min(0, { message: GRACE_SECONDS_MESSAGE })
  @Max(MAX_GRACE_SECONDS, { message: GRACE_SECONDS_MESSAGE })
  graceSeconds?: number;
}
