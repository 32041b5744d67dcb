import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { LICENSE_NAME_PATTERN } from '../../licenses/license-name';
import type { AccountRole } from '../account.entity';

export const LICENSE_FIELD_MESSAGE = Messages.invalidField('license', 'the name of an existing license');

/** Only the fields present change; `license: null` removes the account's license. */
export class UpdateAccountDto {
  @ApiPropertyOptional({ description: "Disabling takes effect at once on the account's API tokens." })
  @IsOptional()
  @IsBoolean({ message: Messages.invalidField('disabled', 'true or false') })
  disabled?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'pro',
    description: 'A license name, or null for none.',
  })
  // IsOptional lets null through on purpose: null is a value here ("no license"), undefined means "unchanged".
  @IsOptional()
  @Matches(LICENSE_NAME_PATTERN, { message: LICENSE_FIELD_MESSAGE })
  license?: string | null;

  @ApiPropertyOptional({
    enum: ['user', 'admin'],
    enumName: 'AccountRole',
    description: '`admin` may also use the administration routes.',
  })
  @IsOptional()
  @IsIn(['user', 'admin'], { message: Messages.invalidField('role', "'user' or 'admin'") })
  role?: AccountRole;
}
