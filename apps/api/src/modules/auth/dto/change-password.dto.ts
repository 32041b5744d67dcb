import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

const CURRENT_MESSAGE = Messages.invalidField('currentPassword', 'a string of at most 1024 characters');
const NEW_MESSAGE = Messages.invalidField('newPassword', 'a string of 8 to 128 characters');

export class ChangePasswordDto {
  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString({ message: CURRENT_MESSAGE })
  @MaxLength(1024, { message: CURRENT_MESSAGE })
  currentPassword!: string;

  @ApiProperty({ minLength: 8, maxLength: 128, example: 'a longer passphrase than before' })
  @IsString({ message: NEW_MESSAGE })
  @Length(8, 128, { message: NEW_MESSAGE })
  newPassword!: string;
}
