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
 * Why zxcvbn (or the cheap check standing in for it) refuses a password of an acceptable length, in its words;
 * null when the password is hard enough to guess.
 */
async function tooEasyToGuess(password: string): Promise<string | null> {
  const verdict = await passwordStrength.score(password);
  if (verdict.score >= MIN_STRENGTH_SCORE) return null;
  return [verdict.warning, verdict.suggestion ?? 'Use a few uncommon words.'].filter(Boolean).join(' ');
}

/** The 400 for a password that is too easy to guess, naming the field and the reason. */
const tooEasyToGuessMessage = (field: string, reason: string) =>
  Messages.invalidFieldProblem(field, `too easy to guess. ${reason}`);

/**
 * Why a refused password was refused, for the message: class-validator asks for the message after the check.
 * Kept per validated object (the request's DTO), never keyed by the password: it goes with the request.
 */
const reasons = new WeakMap<object, Map<string, string>>();

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
        async validate(value: unknown, args: ValidationArguments) {
          // The length rule speaks for values it refuses; only a password of an acceptable length is scored.
          if (
            typeof value !== 'string' ||
            value.length < MIN_PASSWORD_LENGTH ||
            value.length > MAX_PASSWORD_LENGTH
          )
            return true;
          const reason = await tooEasyToGuess(value);
          if (reason === null) return true;
          let mine = reasons.get(args.object);
          if (!mine) reasons.set(args.object, (mine = new Map()));
          mine.set(args.property, reason);
          return false;
        },
        defaultMessage(args: ValidationArguments) {
          const reason = reasons.get(args.object)?.get(args.property) ?? 'Use a few uncommon words.';
          return tooEasyToGuessMessage(args.property, reason);
        },
      },
    });
}

/**
 * A password being chosen (registration, change, reset): 10 to 128 characters and not easy to guess. Logging in
 * keeps accepting whatever was chosen before the rule.
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
