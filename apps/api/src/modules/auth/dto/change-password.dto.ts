import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { NewPassword } from '../password/new-password.decorator';

const CURRENT_MESSAGE = Messages.invalidField('currentPassword', 'a string of at most 1024 characters');

export class ChangePasswordDto {
  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString({ message: CURRENT_MESSAGE })
  @MaxLength(1024, { message: CURRENT_MESSAGE })
  currentPassword!: string;

  @NewPassword('newPassword', 'a longer passphrase than before')
  newPassword!: string;
}
