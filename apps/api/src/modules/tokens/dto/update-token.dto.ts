import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, ValidateIf } from 'class-validator';
import { DESCRIPTION_MESSAGE, DESCRIPTION_PATTERN } from '../token-fields';

export class UpdateTokenDto {
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 500,
    description: 'The new description; null clears it.',
  })
  // Required: null is a value ("no description"); a missing field is refused rather than read as "clear".
  @ValidateIf((_dto, value) => value !== null)
  @IsString({ message: DESCRIPTION_MESSAGE })
  @Matches(DESCRIPTION_PATTERN, { message: DESCRIPTION_MESSAGE })
  description!: string | null;
}
