import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { toNormalizedEmail } from '../../accounts/email';

/** Bounds what reaches the password hashing; no real credential comes near it. */
const MAX_LENGTH = 1024;
const message = (field: string) =>
  Messages.invalidField(field, `a string of at most ${MAX_LENGTH} characters`);

/** Only shapes are checked here: whether the credentials are right is answered by a 401, never by a 400. */
export class LoginDto {
  @ApiProperty({ example: 'jane@example.com' })
  @Transform(toNormalizedEmail)
  @IsString({ message: message('email') })
  @MaxLength(MAX_LENGTH, { message: message('email') })
  email!: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString({ message: message('password') })
  @MaxLength(MAX_LENGTH, { message: message('password') })
  password!: string;
}
