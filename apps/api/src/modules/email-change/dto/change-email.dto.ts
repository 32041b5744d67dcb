import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { MAX_EMAIL_LENGTH, toNormalizedEmail } from '../../accounts/email';
import { EMAIL_LENGTH, EMAIL_MESSAGE } from '../../auth/dto/register.dto';

/** The new address, validated and normalised as at registration; the current password confirms the change. */
export class ChangeEmailDto {
  @ApiProperty({
    example: 'jane.doe@example.com',
    maxLength: MAX_EMAIL_LENGTH,
    description: 'The new address. Trimmed and lower-cased.',
  })
  @Transform(toNormalizedEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @Matches(EMAIL_LENGTH, { message: EMAIL_MESSAGE })
  email!: string;

  @ApiProperty({ example: 'correct horse battery staple', description: "The account's current password." })
  @IsString({ message: Messages.profilePasswordWrong })
  @MinLength(1, { message: Messages.profilePasswordWrong })
  // Bounds what reaches the password hashing, like the log-in's.
  @MaxLength(1024, { message: Messages.profilePasswordWrong })
  password!: string;
}

export class EmailChangeResultDto {
  @ApiProperty({
    enum: ['email', 'changed'],
    description:
      '`email`: a confirmation link valid for 24 hours was sent to the new address (and a notice to the current ' +
      'one); the address changes when the link is opened. `changed`: this service sends no e-mail, and the ' +
      'address changed at once.',
  })
  delivery!: 'email' | 'changed';

  @ApiProperty({
    example: 'jane@example.com',
    description:
      "The account's address now: the current one until the link is opened, the new one once changed.",
  })
  email!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'jane.doe@example.com',
    description: 'The address waiting for its confirmation (`email` delivery); null once changed.',
  })
  pendingEmail!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the confirmation link stops working (24 hours); null once changed.',
  })
  expiresAt!: Date | null;
}
