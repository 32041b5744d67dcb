/**
 * The lottery tag picker's pure side: the choices it offers (lottery name and tag), and the typed-tags fallback
 * used when the list of lotteries cannot be read.
 */

/** What the picker needs of a lottery. */
export interface LotteryChoice {
  tag: string;
  name: string;
}

/** What a tag looks like (the API's own rule): lower-case letters, digits, `_` and `-`, at most 64 characters. */
const TAG_SHAPE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** The most lotteries a subscription may name. */
export const MAX_TAGS = 100;

/**
 * The choices, by name (as people look for them), then tag. A chosen tag missing from the list (a lottery that
 * has gone) stays offered under its tag, so that unticking it is possible and nothing is dropped silently.
 */
export function lotteryChoices(
  lotteries: readonly LotteryChoice[],
  chosen: readonly string[],
): LotteryChoice[] {
  const known = new Set(lotteries.map((l) => l.tag));
  const missing = chosen.filter((tag) => !known.has(tag)).map((tag) => ({ tag, name: tag }));
  return [...lotteries, ...missing].sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.tag.localeCompare(b.tag),
  );
}

/** "Powerball (us_powerball)"; a lottery known only by its tag shows the tag once. */
export function choiceLabel(choice: LotteryChoice): string {
  return choice.name === choice.tag ? choice.tag : `${choice.name} (${choice.tag})`;
}

/** The chosen tags in the list's order (stable whatever order they were ticked in), without duplicates. */
export function toggleTag(
  chosen: readonly string[],
  tag: string,
  on: boolean,
  order: readonly string[],
): string[] {
  const next = new Set(chosen);
  if (on) next.add(tag);
  else next.delete(tag);
  return order.filter((t) => next.has(t));
}

/**
 * Typed tags (the fallback): separated by commas or spaces, in any case: "US_Powerball" is us_powerball, since
 * tags are always lower-case.
 */
export function parseTagText(text: string): string[] {
  const tags = text
    .split(/[\s,;]+/)
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(tags)];
}

/** What is wrong with typed tags, in the portal's words; '' when nothing is. */
export function tagTextProblem(tags: readonly string[]): string {
  const bad = tags.find((tag) => !TAG_SHAPE.test(tag));
  if (bad !== undefined)
    return `“${bad}” is not a lottery tag: tags are made of letters, digits, _ and - (for example us_powerball).`;
  if (tags.length > MAX_TAGS) return `Choose at most ${MAX_TAGS} lotteries.`;
  return '';
}
