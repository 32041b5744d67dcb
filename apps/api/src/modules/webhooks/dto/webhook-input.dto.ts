import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-subscription.entity';
import { GRACE_SECONDS_MESSAGE, MAX_GRACE_SECONDS } from '../../tokens/dto/roll-token.dto';

const URL_MESSAGE = Messages.invalidField('url', 'an https URL of at most 2048 characters');
const EVENTS_MESSAGE = Messages.invalidField(
  'events',
  `a non-empty list among ${WEBHOOK_EVENT_TYPES.join(', ')}`,
);
const LOTTERIES_MESSAGE = Messages.invalidField(
  'lotteries',
  'a list of at most 100 lottery tags, or null for all',
);
const ENABLED_MESSAGE = Messages.invalidField('enabled', 'true or false');
const present = (_dto: object, value: unknown) => value !== undefined;

export class CreateWebhookDto {
  @ApiProperty({ example: 'https://example.com/hooks/lottery', maxLength: 2048 })
  @IsString({ message: URL_MESSAGE })
  @MaxLength(2048, { message: URL_MESSAGE })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['draw.published', 'draw.corrected'] })
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @ArrayUnique({ message: EVENTS_MESSAGE })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events!: WebhookEventType[];

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    example: ['us_powerball'],
    description: 'Only these lotteries; omitted or null: every lottery.',
  })
  @IsOptional()
  @IsArray({ message: LOTTERIES_MESSAGE })
  @ArrayMaxSize(100, { message: LOTTERIES_MESSAGE })
  @ArrayUnique({ message: LOTTERIES_MESSAGE })
  @Matches(/^[a-z0-9][a-z0-9_-]{0,63}$/, { each: true, message: LOTTERIES_MESSAGE })
  lotteries?: string[] | null;
}

/** Any field of the subscription; `enabled: true` re-enables one the service disabled. */
export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: 2048 })
  @ValidateIf(present)
  @IsString({ message: URL_MESSAGE })
  @MaxLength(2048, { message: URL_MESSAGE })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @ValidateIf(present)
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @ArrayUnique({ message: EVENTS_MESSAGE })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray({ message: LOTTERIES_MESSAGE })
  @ArrayMaxSize(100, { message: LOTTERIES_MESSAGE })
  @ArrayUnique({ message: LOTTERIES_MESSAGE })
  @Matches(/^[a-z0-9][a-z0-9_-]{0,63}$/, { each: true, message: LOTTERIES_MESSAGE })
  lotteries?: string[] | null;

  @ApiPropertyOptional()
  @ValidateIf(present)
  @IsBoolean({ message: ENABLED_MESSAGE })
  enabled?: boolean;
}

export class RollWebhookSecretDto {
  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_GRACE_SECONDS,
    default: 0,
    description: 'How long the old secret still signs, in seconds.',
  })
  @IsOptional()
  @IsInt({ message: GRACE_SECONDS_MESSAGE })
  @Min(0, { message: GRACE_SECONDS_MESSAGE })
  @Max(MAX_GRACE_SECONDS, { message: GRACE_SECONDS_MESSAGE })
  graceSeconds?: number | null;
}
