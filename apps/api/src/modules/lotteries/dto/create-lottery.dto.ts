import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsObject, IsOptional } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import {
  IsFlag,
  IsGroupObject,
  IsNewLotteryTag,
  IsText,
  IsTimezone,
  OperatorField,
  LOTTERY_TAG_PATTERN,
  RetiredOnField,
  TermsField,
} from './lottery-field.validators';
import { NumberGroupInputDto, RuleEraInputDto, SpecialGroupInputDto } from './lottery-input.dto';
import { DrawScheduleDto } from './schedule.dto';

export const SCHEDULE_MESSAGE = Messages.invalidField(
  'schedule',
  'an object {publicationWindowMinutes, eras}, or null',
);

/**
 * POST /admin/lotteries: a Lottery without `draws`. Without `rules`, one era from 1800-01-01 is built from
 * `main`/`special`; with `rules`, `main`/`special` (if given) replace the groups of the era in force today.
 */
export class CreateLotteryDto {
  @ApiProperty({ example: 'fr_keno', pattern: LOTTERY_TAG_PATTERN.source })
  @IsNewLotteryTag()
  tag!: string;

  @ApiProperty({ example: 'Keno', maxLength: 100 })
  @IsText('name', 100)
  name!: string;

  @ApiProperty({ example: 'FR', maxLength: 64 })
  @IsText('country', 64)
  country!: string;

  @ApiProperty({ example: 'Europe/Paris' })
  @IsTimezone()
  timezone!: string;

  @ApiPropertyOptional({ type: () => NumberGroupInputDto, description: 'Required when `rules` is omitted.' })
  @IsOptional()
  @IsGroupObject('main')
  main?: NumberGroupInputDto;

  @ApiPropertyOptional({ type: () => SpecialGroupInputDto, nullable: true })
  @IsOptional()
  @IsGroupObject('special')
  special?: SpecialGroupInputDto | null;

  @ApiPropertyOptional({ type: () => RuleEraInputDto, isArray: true, description: 'Ascending by `from`.' })
  @IsOptional()
  @IsArray({ message: Messages.invalidField('rules', 'an array of {from, main, special}') })
  rules?: RuleEraInputDto[];

  @ApiPropertyOptional({ default: false })
  @IsOptional()
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

  @ApiPropertyOptional({ type: () => DrawScheduleDto, nullable: true, description: 'The draw calendar.' })
  @IsOptional()
  @IsObject({ message: SCHEDULE_MESSAGE })
  schedule?: DrawScheduleDto | null;

  @RetiredOnField()
  retiredOn?: string | null;
}
