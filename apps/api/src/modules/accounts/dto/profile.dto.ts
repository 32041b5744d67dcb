import { ApiProperty } from '@nestjs/swagger';
import { AccountDto } from './account.dto';

/** How many API tokens the account holds against the per-account maximum (MAX_TOKENS_PER_ACCOUNT). */
export class TokenAllowanceDto {
  @ApiProperty({ type: 'integer', example: 2 })
  count!: number;

  @ApiProperty({
    type: 'integer',
    example: 10,
    description: 'Creating a token beyond it is refused with 400.',
  })
  max!: number;
}

/** The caller's own account: the Account record plus what only its holder needs. */
export class ProfileDto extends AccountDto {
  @ApiProperty({ type: () => TokenAllowanceDto })
  tokens!: TokenAllowanceDto;
}
