import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

const TOKEN_MESSAGE = Messages.invalidField('token', 'the token of an e-mail confirmation link');

export class ConfirmEmailDto {
  @ApiProperty({
    description: "The `token` parameter of the confirmation link (after '#/confirm-email?token=').",
    example: 'm0XJ3sVq2y0Vb4cYH2aQ2Xk9lq3c1yTeS2o1dY7m3Bw',
  })
  @IsString({ message: TOKEN_MESSAGE })
  @Length(1, 256, { message: TOKEN_MESSAGE })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: TOKEN_MESSAGE })
  token!: string;
}

export class ConfirmEmailResultDto {
  @ApiProperty({ example: 'jane.doe@example.com', description: "The account's address from now on." })
  email!: string;
}
