import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { MAX_EMAIL_LENGTH, toNormalizedEmail } from '../../accounts/email';
import { NewPassword, newPasswordLengthMessage } from '../password/new-password.decorator';

export const EMAIL_MESSAGE = Messages.invalidField(
  'email',
  `an email address of at most ${MAX_EMAIL_LENGTH} characters`,
);
export const PASSWORD_MESSAGE = newPasswordLengthMessage('password');
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

  /**
   * Scored in validation, like a changed or reset password: a refused password is a 400 that does not count
   * against REGISTRATION_RATE_LIMIT (a typo must not use up an address's registrations).
   */
  @NewPassword('password', 'correct horse battery staple')
  password!: string;
}
