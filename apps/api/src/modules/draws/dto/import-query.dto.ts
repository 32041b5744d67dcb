import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

const DRY_RUN_MESSAGE = Messages.invalidField('dryRun', 'true or false');

/** `?dryRun=true`: check and count the lines as the import would, write nothing. Only the plain words count. */
export class ImportQueryDto {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      'true: a preview. Every line is checked and counted exactly as an import would (inserted, updated, ' +
      'unchanged, refused), then nothing is written.',
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: DRY_RUN_MESSAGE })
  dryRun?: boolean;
}
