import { ApiProperty } from '@nestjs/swagger';
import { LinkToken } from '../../../common/mail/link-secret';

export class ConfirmEmailDto {
  @LinkToken('token', 'the token of an e-mail confirmation link', 'confirm-email')
  token!: string;
}

export class ConfirmEmailResultDto {
  @ApiProperty({ example: 'jane.doe@example.com', description: "The account's address from now on." })
  email!: string;
}

export class CancelEmailChangeDto {
  @LinkToken('token', 'the token of an e-mail change cancellation link', 'cancel-email')
  token!: string;
}

export class CancelEmailChangeResultDto {
  @ApiProperty({ example: 'jane@example.com', description: "The account's address, which stays as it is." })
  email!: string;

  @ApiProperty({
    example: 'someone.else@example.com',
    description: 'The address the cancelled change named.',
  })
  cancelledEmail!: string;
}
