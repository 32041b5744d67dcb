import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

/** The current password confirms the deletion: a stolen session alone cannot erase the account. */
export class DeleteProfileDto {
  @ApiProperty({ example: 'correct horse battery staple', description: "The account's current password." })
  @IsString({ message: Messages.profilePasswordWrong })
  @MinLength(1, { message: Messages.profilePasswordWrong })
  // Bounds what reaches the password hashing, like the log-in's.
  @MaxLength(1024, { message: Messages.profilePasswordWrong })
  password!: string;
}
