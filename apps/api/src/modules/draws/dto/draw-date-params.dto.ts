import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { IsIsoDate, IsNotBeforeEarliestDrawDate } from './draw-date.validators';

/** `:tag` and `:date` of the routes addressing one draw; the tag is checked first, as declared. */
export class DrawDateParamsDto {
  @ApiProperty({ example: 'eu_euromillions' })
  @Matches(/\S/, { message: Messages.lotteryTagEmpty })
  tag!: string;

  @ApiProperty({ example: '2024-01-02', format: 'date', description: "The lottery's local calendar date." })
  @IsIsoDate({ message: Messages.invalidDrawDate })
  @IsNotBeforeEarliestDrawDate({ message: Messages.drawDateTooEarly })
  date!: string;
}
