import type { Lottery } from '../../app/api-types';
import { describe, expect, it } from 'vitest';
import {
  createLotteryBody,
  editLotteryErrors,
  editLotteryValues,
  newLotteryErrors,
  newLotteryValues,
  rulesErrors,
  updateLotteryBody,
} from './lottery-values';

const lottery = {
  tag: 'xx_bonus',
  name: 'Bonus',
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
      main: { count: 5, min: 1, max: 50 },
      special: null,
    });
  });
});

describe('edited lottery', () => {
  it('starts from the name and the rules in force today', () => {
    expect(editLotteryValues(lottery)).toEqual({
      name: 'Bonus',
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

  it('needs a name', () => {
    expect(editLotteryErrors({ ...editLotteryValues(lottery), name: '' }, lottery)).toEqual({
      name: 'Enter a name.',
    });
  });
});
