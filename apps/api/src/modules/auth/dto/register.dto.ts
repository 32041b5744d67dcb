import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { MAX_EMAIL_LENGTH, toNormalizedEmail } from '../../accounts/email';

export const EMAIL_MESSAGE = Messages.invalidField(
  'email',
  `an email address of at most ${MAX_EMAIL_LENGTH} characters`,
);
export const PASSWORD_MESSAGE = Messages.invalidField('password', 'a string of 8 to 128 characters');
/** Counted in code points (`u`), as PostgreSQL's varchar(254) counts them. */
export const EMAIL_LENGTH = new RegExp(`^[\\s\\S]{1,${MAX_EMAIL_LENGTH}}$`, 'u');

export class RegisterDto {
  @ApiProperty({
    example: 'jane@example.com',
    maxLength: MAX_EMAIL_LENGTH,
    description: 'Trimmed and lower-cased.',
  })
  @Transform(toNormalizedEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @Matches(EMAIL_LENGTH, { message: EMAIL_MESSAGE })
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 128, example: 'correct horse battery staple' })
  @IsString({ message: PASSWORD_MESSAGE })
  @Length(8, 128, { message: PASSWORD_MESSAGE })
  password!: string;
}
