import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PrizePeriodDto } from './lottery.dto';

/*
 * Shapes of the rule fields an administrator sends, for the OpenAPI document. Their contents are checked by
 * buildLotteryRules (lottery-rules-input.ts) rather than by decorators, so that a 400 can name the exact
 * field (`main`, `special`, `rules` era n) and share the rule checks that guard the bundled data.
 */

export class NumberGroupInputDto {
  @ApiProperty({ example: 5, minimum: 1 })
  count!: number;

  @ApiProperty({ example: 1, minimum: 0 })
  min!: number;

  @ApiProperty({ example: 69, maximum: 32767 })
  max!: number;

  @ApiPropertyOptional({
    default: true,
    description: 'false only where numbers may repeat (separate pools).',
  })
  distinct?: boolean;
}

export class SpecialRuleInputDto extends NumberGroupInputDto {
  @ApiPropertyOptional({
    enum: ['own', 'main'],
    default: 'own',
    description: '`own`: chosen by the player on the ticket; `main`: drawn from the main pool (bonus balls).',
  })
  pool?: 'own' | 'main';

  @ApiPropertyOptional({
    example: 1,
    description: 'How many drawn specials count for prizes (default: all).',
  })
  counted?: number;
}

export class SpecialGroupInputDto extends SpecialRuleInputDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Powerball',
    description: 'What the operator calls them.',
  })
  name?: string | null;
}

export class RuleEraInputDto {
  @ApiProperty({ example: '2015-10-07', format: 'date' })
  from!: string;

  @ApiProperty({ type: () => NumberGroupInputDto })
  main!: NumberGroupInputDto;

  @ApiPropertyOptional({
    type: () => SpecialRuleInputDto,
    nullable: true,
    description: 'Omitted or null: none.',
  })
  special?: SpecialRuleInputDto | null;

  @ApiPropertyOptional({
    type: () => PrizePeriodDto,
    isArray: true,
    description:
      'Prize structures of the era, ascending by `from` (within the era), each with its source; divisions in ' +
      "rank order, within the era's counts.",
  })
  prizes?: PrizePeriodDto[];
}
