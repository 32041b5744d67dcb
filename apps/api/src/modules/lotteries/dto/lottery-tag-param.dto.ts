import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

/**
 * The `:tag` of every lottery route. Fastify routes an empty segment (`/lottery//draw/numbers`) here with an
 * empty tag, so blank and empty tags both get the seed's 400 instead of a 404.
 */
export class LotteryTagParamDto {
  @ApiProperty({ example: 'us_powerball' })
  @Matches(/\S/, { message: Messages.lotteryTagEmpty })
  tag!: string;
}
