const WORDS = [
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
];
const MAX_ROUND = 99;

/**
 * A round as sources publish it: a positive whole number (2, "2") or an English number word ("TWO", any case,
 * as UK's `drawRound`); null when it is neither.
 */
export function readRound(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1 && value <= MAX_ROUND ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return readRound(Number(text));
  const word = WORDS.indexOf(text.toUpperCase());
  return word < 0 ? null : word + 1;
}
