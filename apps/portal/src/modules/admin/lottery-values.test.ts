import type { Lottery } from '../../app/api-types';
import { describe, expect, it } from 'vitest';
import { apiError } from './api-error.test-helper';
import {
  createLotteryBody,
  editLotteryErrors,
  editLotteryValues,
  lotteryRefusal,
  newLotteryErrors,
  newLotteryValues,
  rulesErrors,
  updateLotteryBody,
} from './lottery-values';

const lottery = {
  tag: 'xx_bonus',
  name: 'Bonus',
  operator: 'Bonus Games Ltd',
  terms: null,
  main: { count: 6, min: 1, max: 45, distinct: true },
  special: { count: 2, min: 1, max: 45, distinct: true, name: 'Bonus', pool: 'main', counted: 1 },
  rules: [],
} as unknown as Lottery;

describe('rulesErrors', () => {
  const values = newLotteryValues();

  it('accepts the new form as it starts', () => {
    expect(rulesErrors(values)).toEqual({});
  });

  it('says, at each field, what is wrong in plain words', () => {
    expect(rulesErrors({ ...values, mainCount: '0', mainMin: 'x', mainMax: '' })).toEqual({
      mainCount: 'Enter a whole number, 1 or more.',
      mainMin: 'Enter a whole number, 0 or more.',
      mainMax: 'Enter a whole number.',
    });
    expect(rulesErrors({ ...values, mainMin: '10', mainMax: '10' })).toEqual({
      mainMax: 'Enter a number above the lowest.',
    });
  });

  it('refuses more different numbers than the range holds, unless numbers may repeat', () => {
    const tight = { ...values, mainCount: '6', mainMin: '1', mainMax: '5' };
    expect(rulesErrors(tight)).toEqual({
      mainCount: 'Only 5 different numbers lie from the lowest to the highest.',
    });
    expect(rulesErrors(tight, { main: false, special: true })).toEqual({});
  });

  it('checks the special numbers only when the lottery draws some', () => {
    const bad = { ...values, specialCount: '' };
    expect(rulesErrors(bad)).toEqual({});
    expect(rulesErrors({ ...bad, hasSpecial: true })).toEqual({
      specialCount: 'Enter a whole number, 1 or more.',
    });
  });
});

describe('new lottery', () => {
  it('needs a tag, a name, a country and a time zone', () => {
    expect(Object.keys(newLotteryErrors({ ...newLotteryValues(), timezone: ' ' }))).toEqual([
      'tag',
      'name',
      'country',
      'timezone',
    ]);
  });

  it('becomes the create body, trimmed, with null specials when none are drawn', () => {
    const values = { ...newLotteryValues('Europe/Paris'), tag: ' fr_x ', name: 'X', country: 'FR' };
    expect(createLotteryBody(values)).toEqual({
      tag: 'fr_x',
      name: 'X',
      country: 'FR',
      timezone: 'Europe/Paris',
      operator: null,
      terms: null,
      main: { count: 5, min: 1, max: 50 },
      special: null,
    });
  });

  it('sends the operator and the terms trimmed, and null when left empty or blank', () => {
    const values = { ...newLotteryValues(), tag: 'fr_x', name: 'X', country: 'FR' };
    const body = createLotteryBody({ ...values, operator: '  FDJ ', terms: ' none found\n' });
    expect([body.operator, body.terms]).toEqual(['FDJ', 'none found']);
    const blank = createLotteryBody({ ...values, operator: '   ', terms: '' });
    expect([blank.operator, blank.terms]).toEqual([null, null]);
  });

  it('keeps the operator to 200 characters and the terms to 500, as sent (trimmed)', () => {
    const values = { ...newLotteryValues(), tag: 'fr_x', name: 'X', country: 'FR' };
    expect(newLotteryErrors({ ...values, operator: ` ${'o'.repeat(200)} `, terms: 't'.repeat(500) })).toEqual(
      {},
    );
    expect(newLotteryErrors({ ...values, operator: 'o'.repeat(201), terms: 't'.repeat(501) })).toEqual({
      operator: 'Keep the operator to 200 characters at most.',
      terms: 'Keep the terms to 500 characters at most.',
    });
  });
});

describe('edited lottery', () => {
  it('starts from the name, the operator, the terms and the rules in force today', () => {
    expect(editLotteryValues(lottery)).toEqual({
      name: 'Bonus',
      operator: 'Bonus Games Ltd',
      terms: '',
      mainCount: '6',
      mainMin: '1',
      mainMax: '45',
      hasSpecial: true,
      specialCount: '2',
      specialMin: '1',
      specialMax: '45',
      specialName: 'Bonus',
    });
  });

  it('keeps what the form does not show: distinct, pool, and counted while it still fits', () => {
    const values = { ...editLotteryValues(lottery), name: ' Bonus 2 ', mainMax: '49' };
    expect(updateLotteryBody(values, lottery)).toEqual({
      name: 'Bonus 2',
      main: { count: 6, min: 1, max: 49, distinct: true },
      special: { count: 2, min: 1, max: 45, name: 'Bonus', distinct: true, pool: 'main', counted: 1 },
    });
    const fewer = updateLotteryBody({ ...values, specialCount: '0' }, lottery);
    expect(fewer.special).not.toHaveProperty('counted');
    expect(updateLotteryBody({ ...values, hasSpecial: false }, lottery).special).toBeNull();
  });

  it('sends the operator and the terms only when changed: trimmed, and null to clear one', () => {
    const start = editLotteryValues(lottery);
    // Untouched, or changed only by spaces around it: neither is sent, and they stay as they are.
    for (const values of [start, { ...start, operator: ' Bonus Games Ltd  ', terms: '  ' }]) {
      const body = updateLotteryBody(values, lottery);
      expect(body).not.toHaveProperty('operator');
      expect(body).not.toHaveProperty('terms');
    }
    const changed = updateLotteryBody(
      { ...start, operator: ' Bonus Games plc ', terms: ' none found ' },
      lottery,
    );
    expect([changed.operator, changed.terms]).toEqual(['Bonus Games plc', 'none found']);
    const cleared = updateLotteryBody({ ...start, operator: '  ' }, lottery);
    expect(cleared).toHaveProperty('operator', null);
    expect(cleared).not.toHaveProperty('terms');
  });

  it('needs a name', () => {
    expect(editLotteryErrors({ ...editLotteryValues(lottery), name: '' }, lottery)).toEqual({
      name: 'Enter a name.',
    });
  });

  it('keeps the operator and the terms to their lengths', () => {
    const values = { ...editLotteryValues(lottery), operator: 'o'.repeat(201), terms: 't'.repeat(501) };
    expect(editLotteryErrors(values, lottery)).toEqual({
      operator: 'Keep the operator to 200 characters at most.',
      terms: 'Keep the terms to 500 characters at most.',
    });
  });
});

describe('lotteryRefusal', () => {
  const fields = ['name', 'operator', 'terms'] as const;

  it("puts a 400 at the field it names, the API's message as it is", () => {
    const message = "Invalid 'operator' value. Expected a non-empty text of at most 200 characters.";
    expect(lotteryRefusal(apiError(400, message), fields)).toEqual({ operator: message });
  });

  it("leaves to the form what names none of the form's fields: a rule a stored draw breaks", () => {
    const message = 'The new rules do not fit the draw of 2024-01-02: 1 is below the lowest, 4.';
    expect(lotteryRefusal(apiError(400, message), fields)).toEqual({ form: message });
    const main = "Invalid 'main' value. Expected an object {count, min, max, distinct}.";
    expect(lotteryRefusal(apiError(400, main), fields)).toEqual({ form: main });
  });
});
