import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  IsString,
  Length,
  registerDecorator,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { MIN_STRENGTH_SCORE, passwordStrength } from './password-strength';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export const newPasswordLengthMessage = (field: string) =>
  Messages.invalidField(field, `a string of ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);

/**
 * Why the last refused passwords were refused, for the message: class-validator asks for the message after the
 * check, and concurrent requests must each get their own reason. Bounded: an entry is read once, right after.
 */
const reasons = new Map<string, string>();
const MAX_REASONS = 1000;

function remember(password: string, reason: string): void {
  if (reasons.size >= MAX_REASONS) reasons.delete(reasons.keys().next().value as string);
  reasons.set(password, reason);
}

/** Refuses passwords that are easy to guess (zxcvbn score below 2), saying why in zxcvbn's words. */
function IsHardToGuess(options?: ValidationOptions) {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isHardToGuess',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      async: true,
      validator: {
        async validate(value: unknown) {
          // The length rule speaks for values it refuses; only a password of an acceptable length is scored.
          if (
            typeof value !== 'string' ||
            value.length < MIN_PASSWORD_LENGTH ||
            value.length > MAX_PASSWORD_LENGTH
          )
            return true;
          const verdict = await passwordStrength.score(value);
          if (!verdict || verdict.score >= MIN_STRENGTH_SCORE) return true;
          remember(
            value,
            [verdict.warning, verdict.suggestion ?? 'Use a few uncommon words.'].filter(Boolean).join(' '),
          );
          return false;
        },
        defaultMessage(args: ValidationArguments) {
          const reason = reasons.get(String(args.value)) ?? 'Use a few uncommon words.';
          reasons.delete(String(args.value));
          return Messages.invalidFieldProblem(args.property, `too easy to guess. ${reason}`);
        },
      },
    });
}

/**
 * A password being chosen (register, change, reset): 10 to 128 characters and not easy to guess. Logging in keeps
 * accepting whatever was chosen before the rule.
 */
export function NewPassword(field: string, example: string) {
  const lengthMessage = newPasswordLengthMessage(field);
  return applyDecorators(
    ApiProperty({
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: MAX_PASSWORD_LENGTH,
      example,
      description:
        'At least 10 characters, and not easy to guess: common passwords and their obvious variants ' +
        '(`password123`, `Password1!`, `qwertyuiop`) are refused, with the reason (zxcvbn).',
    }),
    IsString({ message: lengthMessage }),
    Length(MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, { message: lengthMessage }),
    IsHardToGuess(),
  );
}
