import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsObject, IsOptional, ValidateIf } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import {
  IsFlag,
  IsGroupObject,
  IsText,
  IsTimezone,
  OperatorField,
  RetiredOnField,
  TermsField,
} from './lottery-field.validators';
import { SCHEDULE_MESSAGE } from './create-lottery.dto';
import { NumberGroupInputDto, RuleEraInputDto, SpecialGroupInputDto } from './lottery-input.dto';
import { DrawScheduleDto } from './schedule.dto';

// Fields that cannot be null are validated whenever present, so `null` is a 400 rather than a database error.
const present = (_dto: object, value: unknown) => value !== undefined;

/**
 * PATCH /admin/lotteries/{tag}: any Lottery field but `tag`. `rules` replaces the whole history; `main` and
 * `special` replace the groups of the era in force today (`special: null` removes it from that era).
 * Rule changes are refused when an existing draw would no longer fit.
 */
export class UpdateLotteryDto {
  @ApiPropertyOptional({ description: 'Cannot be changed; accepted only when equal to the path tag.' })
  @IsOptional()
  tag?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @ValidateIf(present)
  @IsText('name', 100)
  name?: string;

  @ApiPropertyOptional({ maxLength: 64 })
  @ValidateIf(present)
  @IsText('country', 64)
  country?: string;

  @ApiPropertyOptional({ example: 'Europe/Paris' })
  @ValidateIf(present)
  @IsTimezone()
  timezone?: string;

  @ApiPropertyOptional({ type: () => NumberGroupInputDto })
  @ValidateIf(present)
  @IsGroupObject('main')
  main?: NumberGroupInputDto;

  @ApiPropertyOptional({ type: () => SpecialGroupInputDto, nullable: true })
  @IsOptional()
  @IsGroupObject('special')
  special?: SpecialGroupInputDto | null;

  @ApiPropertyOptional({ type: () => RuleEraInputDto, isArray: true })
  @ValidateIf(present)
  @IsArray({ message: Messages.invalidField('rules', 'an array of {from, main, special}') })
  rules?: RuleEraInputDto[];

  @ApiPropertyOptional()
  @ValidateIf(present)
  @IsFlag('drawOrder')
  drawOrder?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 2000,
    description:
      "The authority for the lottery's results: the operator and where it publishes them (public).",
  })
  @IsOptional()
  @IsText('source', 2000)
  source?: string | null;

  @OperatorField()
  operator?: string | null;

  @TermsField()
  terms?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 2000,
    description:
      "Where this service's copy of the history was taken from (a repository or mirror, with its terms); " +
      'shown to administrators only (GET /admin/lotteries).',
  })
  @IsOptional()
  @IsText('provenance', 2000)
  provenance?: string | null;

  @ApiPropertyOptional({
    type: () => DrawScheduleDto,
    nullable: true,
    description: 'Replaces the whole calendar; null removes it.',
  })
  @IsOptional()
  @IsObject({ message: SCHEDULE_MESSAGE })
  schedule?: DrawScheduleDto | null;

  @RetiredOnField()
  retiredOn?: string | null;
}
