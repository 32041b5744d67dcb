import type { AdminDraw } from '../../../app/api-types';
import { describe, expect, it } from 'vitest';
import { apiError } from '../api-error.test-helper';
import { drawBody, drawErrors, drawRefusal, drawValuesOf, savedMessage } from './draw-values';

const draw = {
  date: '2026-01-03',
  numbers: [
    { value: 18, order: 2, special: false },
    { value: 7, order: 1, special: false },
    { value: 3, order: 1, special: true },
    { value: 49, order: 3, special: false },
  ],
} as unknown as AdminDraw;

describe('draw values', () => {
  it('shows each group in draw order', () => {
    expect(drawValuesOf(draw)).toEqual({ main: '7 18 49', special: '3' });
  });

  it('takes numbers separated by spaces, commas or semicolons; an empty group is none', () => {
    expect(drawErrors({ main: ' 7, 18;49 ', special: '' })).toEqual({});
    expect(drawBody({ main: ' 7, 18;49 ', special: '' })).toEqual({ main: [7, 18, 49], special: [] });
    expect(savedMessage('2026-01-03', { main: [7, 18], special: [] })).toBe(
      'The draw of 2026-01-03 now holds 7 18.',
    );
    expect(savedMessage('2026-01-03', { main: [7, 18], special: [3] })).toBe(
      'The draw of 2026-01-03 now holds 7 18 + 3.',
    );
  });

  it('says at each group when it is not whole numbers', () => {
    const message = 'Type whole numbers separated by spaces, in the order they were drawn.';
    expect(drawErrors({ main: '7 18 x', special: '2.5' })).toEqual({ main: message, special: message });
    expect(drawErrors({ main: '-1', special: '3' })).toEqual({ main: message });
  });
});

describe('drawRefusal', () => {
  it("puts the rules' refusal at the group it names", () => {
    for (const message of [
      'Main number 60 is out of range 1-59 for draws from 2015-10-10.',
      'Main number 7 is repeated.',
      'Expected 6 main numbers on 2026-01-03, got 5.',
      "Invalid 'main' value. Expected an array of whole numbers.",
    ])
      expect(drawRefusal(apiError(400, message))).toEqual({ main: message });
    for (const message of [
      'Special number 12 is out of range 1-10 for draws from 2015-10-10.',
      'Expected 1 special number on 2026-01-03, got 0.',
      'Special numbers are not allowed for draws from 2015-10-10.',
    ])
      expect(drawRefusal(apiError(400, message))).toEqual({ special: message });
  });

  it('keeps anything else above the form', () => {
    expect(drawRefusal(apiError(400, 'No rules are in force on 1990-01-01.'))).toEqual({
      form: 'No rules are in force on 1990-01-01.',
    });
    expect(drawRefusal(apiError(404, 'Lottery not found.'))).toEqual({ form: 'Lottery not found.' });
  });
});
