import { ApiProperty } from '@nestjs/swagger';

export class AccessTokenDto {
  @ApiProperty({
    description: 'A JWT for `Authorization: Bearer <accessToken>` on the account and admin routes.',
  })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  tokenType!: 'Bearer';

  @ApiProperty({ type: 'integer', example: 3600, description: 'Seconds until the access token expires.' })
  expiresIn!: number;
}
