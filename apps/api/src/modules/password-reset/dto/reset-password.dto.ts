import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { NewPassword } from '../../auth/password/new-password.decorator';

const RESET_TOKEN_MESSAGE = Messages.invalidField('resetToken', 'the token of a password reset link');

export class ResetPasswordDto {
  @ApiProperty({
    description: "The `token` parameter of the reset link (after '#/reset-password?token=').",
    example: 'm0XJ3sVq2y0Vb4cYH2aQ2Xk9lq3c1yTeS2o1dY7m3Bw',
  })
  @IsString({ message: RESET_TOKEN_MESSAGE })
  @Length(1, 256, { message: RESET_TOKEN_MESSAGE })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: RESET_TOKEN_MESSAGE })
  resetToken!: string;

  @NewPassword('newPassword', 'a new passphrase')
  newPassword!: string;
}

export class PasswordResetLinkDto {
  @ApiProperty({
    description:
      'Hand this to the account holder; it works once. Absolute when the service has a PUBLIC_URL; otherwise ' +
      "relative to the service's origin (`/portal/#/reset-password?token=…`): resolve it against the address you " +
      'reach the service at.',
    example:
      'https://lottery.example.com/portal/#/reset-password?token=m0XJ3sVq2y0Vb4cYH2aQ2Xk9lq3c1yTeS2o1dY7m3Bw',
  })
  url!: string;

  @ApiProperty({
    description:
      "The link's secret (the reset page's `token` parameter, `resetToken` of POST /auth/password/reset), for " +
      'a client that builds the link to its own reset page.',
    example: 'm0XJ3sVq2y0Vb4cYH2aQ2Xk9lq3c1yTeS2o1dY7m3Bw',
  })
  resetToken!: string;

  @ApiProperty({ format: 'date-time', description: 'The link stops working at this time (24 hours).' })
  expiresAt!: Date;
}
