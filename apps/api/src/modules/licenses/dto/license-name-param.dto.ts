import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { LICENSE_NAME_PATTERN } from '../license-name';

export const LICENSE_NAME_MESSAGE = Messages.invalidField(
  'name',
  "1 to 64 characters among 'a-z', '0-9', '_' and '-', starting with a letter or digit",
);

/** The `:name` of PUT /admin/licenses/{name}: it becomes a primary key, so it is validated like a body field. */
export class LicenseNameParamDto {
  @ApiProperty({ pattern: LICENSE_NAME_PATTERN.source, example: 'pro' })
  @Matches(LICENSE_NAME_PATTERN, { message: LICENSE_NAME_MESSAGE })
  name!: string;
}
