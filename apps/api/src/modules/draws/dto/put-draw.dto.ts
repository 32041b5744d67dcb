import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsOptional } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

const numbers = (field: string) => Messages.invalidField(field, 'an array of whole numbers');

/** PUT /admin/lotteries/{tag}/draws/{date}: the numbers in draw order. Counts and ranges are checked against the era. */
export class PutDrawDto {
  @ApiProperty({ type: [Number], example: [7, 18, 49, 46, 15], description: 'Main numbers in draw order.' })
  @IsArray({ message: numbers('main') })
  @IsInt({ each: true, message: numbers('main') })
  main!: number[];

  @ApiPropertyOptional({
    type: [Number],
    example: [12, 10],
    description: 'Special numbers in draw order; default none.',
  })
  @IsOptional()
  @IsArray({ message: numbers('special') })
  @IsInt({ each: true, message: numbers('special') })
  special?: number[];
}
