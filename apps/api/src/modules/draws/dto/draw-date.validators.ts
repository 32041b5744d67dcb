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

/**
 * `from` on or before the `to` of the same query (contract section 2: one rule on every route that takes both).
 * Only judges two valid dates, so a malformed `to` gets its own format message.
 */
export function IsOnOrBeforeTo(options: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isOnOrBeforeTo',
      validator: {
        validate: (value: unknown, args) => {
          const to = (args?.object as { to?: unknown } | undefined)?.to;
          if (typeof value !== 'string' || typeof to !== 'string') return true;
          if (!isValidIsoDate(value) || !isValidIsoDate(to)) return true;
          return value <= to;
        },
      },
    },
    options,
  );
}
