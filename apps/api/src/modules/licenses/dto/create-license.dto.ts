import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { LICENSE_NAME_PATTERN } from '../license-name';
import { LICENSE_NAME_MESSAGE } from './license-name-param.dto';
import { PutLicenseDto } from './put-license.dto';

/** A new license: its name and every limit. */
export class CreateLicenseDto extends PutLicenseDto {
  @ApiProperty({ pattern: LICENSE_NAME_PATTERN.source, example: 'team' })
  @Matches(LICENSE_NAME_PATTERN, { message: LICENSE_NAME_MESSAGE })
  name!: string;
}
