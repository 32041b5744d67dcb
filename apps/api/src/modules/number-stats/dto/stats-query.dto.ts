import { DateBound } from '../../draws/dto/draw-query.dto';

export class StatsQueryDto {
  @DateBound('from')
  from?: string;

  @DateBound('to')
  to?: string;
}
