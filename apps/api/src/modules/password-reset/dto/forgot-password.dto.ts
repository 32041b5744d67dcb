import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, Matches } from 'class-validator';
import { toNormalizedEmail } from '../../accounts/email';
import { EMAIL_LENGTH, EMAIL_MESSAGE } from '../../auth/dto/register.dto';

export class ForgotPasswordDto {
  @ApiProperty({ example: 'jane@example.com', description: 'The address the account was registered with.' })
  @Transform(toNormalizedEmail)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @Matches(EMAIL_LENGTH, { message: EMAIL_MESSAGE })
  email!: string;
}

export class ForgotPasswordResultDto {
  @ApiProperty({
    enum: ['email', 'administrator'],
    description:
      '`email`: if an account has this address, a link valid for one hour is on its way (the answer is the same ' +
      'for an unknown address). `administrator`: this service sends no e-mail; an administrator creates the link.',
  })
  delivery!: 'email' | 'administrator';
}
