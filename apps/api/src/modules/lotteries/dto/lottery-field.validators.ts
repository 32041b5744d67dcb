import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsOptional,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { Messages } from '../../../common/errors/messages';
import { isKnownTimezone } from '../domain/local-date';
import { EARLIEST_DRAW_DATE, isValidIsoDate } from '../../../common/dates/iso-date';

/** The contract's tag pattern: it is a primary key and appears in URLs. */
export const LOTTERY_TAG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * The tag of a new lottery, in two checks that never fail together (class-validator's order is no contract):
 * missing or blank gets the seed's "must not be empty", anything else that misses the pattern names it.
 */
export function IsNewLotteryTag() {
  return applyDecorators(
    ValidateBy(
      {
        name: 'isPresentLotteryTag',
        validator: {
          validate: (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value != null),
        },
      },
      { message: Messages.lotteryTagEmpty },
    ),
    ValidateBy(
      {
        name: 'isLotteryTag',
        validator: {
          validate: (value: unknown) =>
            value == null ||
            (typeof value === 'string' && (value.trim() === '' || LOTTERY_TAG_PATTERN.test(value))),
        },
      },
      {
        message: Messages.invalidField(
          'tag',
          "1 to 64 characters among 'a-z', '0-9', '_' and '-', starting with a letter or digit",
        ),
      },
    ),
  );
}

const text = (field: string, max: number) =>
  Messages.invalidField(field, `a non-empty text of at most ${max} characters`);

/** A required, non-blank text of at most `max` characters. */
export function IsText(field: string, max: number) {
  const message = text(field, max);
  return applyDecorators(IsString({ message }), MaxLength(max, { message }), Matches(/\S/, { message }));
}

export function IsTimezone() {
  const options: ValidationOptions = {
    message: Messages.invalidField('timezone', "an IANA time zone such as 'Europe/Paris'"),
  };
  return applyDecorators(
    ValidateBy(
      {
        name: 'isTimezone',
        validator: { validate: (value: unknown) => typeof value === 'string' && isKnownTimezone(value) },
      },
      options,
    ),
    MaxLength(64, options),
  );
}

export function IsGroupObject(field: string) {
  return IsObject({ message: Messages.invalidField(field, 'an object {count, min, max, distinct}') });
}

/**
 * `retiredOn` of the admin bodies: the date a game ended, a real calendar day 'YYYY-MM-DD' from 1800-01-01, or null
 * (the game is played).
 */
export function RetiredOnField() {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      example: '2026-02-21',
      description:
        'The date the game ended: it keeps its history, has no next draw, is never stale and is not synced. ' +
        'null: the game is played.',
    }),
    IsOptional(),
    ValidateBy(
      {
        name: 'isRetirementDate',
        validator: {
          validate: (value: unknown) =>
            typeof value === 'string' && isValidIsoDate(value) && value >= EARLIEST_DRAW_DATE,
        },
      },
      { message: Messages.invalidField('retiredOn', "a date 'YYYY-MM-DD' from 1800-01-01, or null") },
    ),
  );
}

/** `operator` of the admin bodies: who runs the game, short; null clears it. */
export function OperatorField() {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: 200,
      example: 'Française des Jeux',
      description: 'Who runs the game, short (public).',
    }),
    IsOptional(),
    IsText('operator', 200),
  );
}

/** `terms` of the admin bodies: the terms under which the lottery's source publishes; null clears it. */
export function TermsField() {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: 500,
      example: 'none found',
      description:
        "The terms under which the lottery's source publishes its results, short ('none found' where none were " +
        'found) (public).',
    }),
    IsOptional(),
    IsText('terms', 500),
  );
}

export function IsFlag(field: string) {
  return IsBoolean({ message: Messages.invalidField(field, 'true or false') });
}
