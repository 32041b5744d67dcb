import { ApiProperty } from '@nestjs/swagger';
import { LinkToken } from '../../../common/mail/link-secret';

export class VerifyEmailDto {
  @LinkToken('token', 'the token of an e-mail verification link', 'verify-email')
  token!: string;
}

export class VerifyEmailResultDto {
  @ApiProperty({ example: 'jane@example.com', description: 'The address now verified.' })
  email!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'free',
    description:
      "The name of the account's license from now on: DEFAULT_LICENSE, or the one an administrator gave meanwhile; " +
      'null when it has none.',
  })
  license!: string | null;
}

export class VerificationSentDto {
  @ApiProperty({ example: 'jane@example.com', description: "Where the link went: the account's address." })
  email!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the link stops working (24 hours).' })
  expiresAt!: Date;
}
