import { ValidateBy, ValidationOptions } from 'class-validator';
import { EARLIEST_DRAW_DATE, isValidIsoDate } from '../../../common/dates/iso-date';

/** A real calendar day written 'YYYY-MM-DD'. */
export function IsIsoDate(options: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isIsoDate',
      validator: { validate: (value: unknown) => typeof value === 'string' && isValidIsoDate(value) },
    },
    options,
  );
}

/**
 * Not before 1800-01-01. Only judges valid dates, so a malformed one always gets the format message,
 * whatever order class-validator runs the two checks in.
 */
export function IsNotBeforeEarliestDrawDate(options: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isNotBeforeEarliestDrawDate',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || !isValidIsoDate(value) || value >= EARLIEST_DRAW_DATE,
      },
    },
    options,
  );
}
