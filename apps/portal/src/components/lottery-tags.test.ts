import { describe, expect, it } from 'vitest';
import { choiceLabel, lotteryChoices, parseTagText, tagTextProblem, toggleTag } from './lottery-tags';

const lotteries = [
  { tag: 'us_powerball', name: 'Powerball' },
  { tag: 'fr_lotto', name: 'Loto' },
  { tag: 'eu_euromillions', name: 'EuroMillions' },
];

describe('lotteryChoices', () => {
  it('orders by name, case aside', () => {
    expect(lotteryChoices(lotteries, []).map((c) => c.tag)).toEqual([
      'eu_euromillions',
      'fr_lotto',
      'us_powerball',
    ]);
  });

  it('keeps a chosen tag that the list no longer has, under its tag', () => {
    const choices = lotteryChoices(lotteries, ['gone_lotto', 'fr_lotto']);
    expect(choices.map((c) => c.tag)).toEqual(['eu_euromillions', 'gone_lotto', 'fr_lotto', 'us_powerball']);
    expect(choices.filter((c) => c.tag === 'fr_lotto')).toHaveLength(1);
  });
});

describe('choiceLabel', () => {
  it('says the name and the tag', () => {
    expect(choiceLabel({ tag: 'us_powerball', name: 'Powerball' })).toBe('Powerball (us_powerball)');
  });

  it('says a bare tag once', () => {
    expect(choiceLabel({ tag: 'gone_lotto', name: 'gone_lotto' })).toBe('gone_lotto');
  });
});

describe('toggleTag', () => {
  const order = ['eu_euromillions', 'fr_lotto', 'us_powerball'];

  it('adds in the list order, whatever the ticking order', () => {
    expect(toggleTag(['us_powerball'], 'eu_euromillions', true, order)).toEqual([
      'eu_euromillions',
      'us_powerball',
    ]);
  });

  it('removes', () => {
    expect(toggleTag(['fr_lotto', 'us_powerball'], 'fr_lotto', false, order)).toEqual(['us_powerball']);
  });
});

describe('parseTagText', () => {
  it('splits on commas and spaces, lower-cases and drops duplicates', () => {
    expect(parseTagText(' US_Powerball, fr_lotto  us_powerball,,')).toEqual(['us_powerball', 'fr_lotto']);
  });

  it('reads an empty text as no tag', () => {
    expect(parseTagText('  ')).toEqual([]);
  });
});

describe('tagTextProblem', () => {
  it('accepts tags', () => {
    expect(tagTextProblem(['us_powerball', 'fr-lotto2'])).toBe('');
  });

  it('names a tag that cannot be one, in plain words', () => {
    expect(tagTextProblem(['us_powerball', 'power ball!'])).toBe(
      '“power ball!” is not a lottery tag: tags are made of letters, digits, _ and - (for example us_powerball).',
    );
  });

  it('refuses more than 100', () => {
    const many = Array.from({ length: 101 }, (_, i) => `l${i}`);
    expect(tagTextProblem(many)).toBe('Choose at most 100 lotteries.');
  });
});
