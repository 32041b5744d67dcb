import { ApiProperty } from '@nestjs/swagger';

/** One lottery of the public directory (GET /lotteries/directory): what it is called and where it is drawn. */
export class LotteryDirectoryEntryDto {
  @ApiProperty({ example: 'fr_lotto' })
  tag!: string;

  @ApiProperty({ example: 'Loto (FDJ)' })
  name!: string;

  @ApiProperty({ description: 'ISO 3166-1 alpha-2 country code, or a region such as EU.', example: 'FR' })
  country!: string;

  @ApiProperty({ enum: ['active', 'retired'], description: '`retired`: the game has ended.' })
  status!: 'active' | 'retired';
}
