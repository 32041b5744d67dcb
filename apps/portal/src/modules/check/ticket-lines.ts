import { LotteryApiError } from '@lottery-results/sdk';
import type { Lottery, Ticket } from '../../app/api-types';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';

/** The API checks at most this many tickets in one call. */
export const MAX_LINES = 100;

export type CheckField = 'lines' | 'date' | 'from' | 'to';

/** The lines as tickets, each with the number of the text area's line it came from (blank lines are skipped). */
export interface ParsedLines {
  tickets: Ticket[];
  lineNumbers: number[];
}

/** Whether the player chooses the specials on the ticket (typed after a `+`), rather than them matching main numbers. */
export function hasOwnSpecials(lottery: Lottery): boolean {
  return lottery.special?.pool === 'own';
}

/** The lottery's name for its specials, for sentences: "Powerball", "Bonus Ball", else "special numbers". */
export function specialName(lottery: Lottery): string {
  return lottery.special?.name || 'special numbers';
}

/** `count` numbers spread over min..max: an example line that fits the lottery's rules. */
function spread(count: number, min: number, max: number): number[] {
  return Array.from({ length: count }, (_, i) => min + Math.round(((i + 1) * (max - min)) / (count + 1)));
}

export function exampleLine(lottery: Lottery): string {
  const main = spread(lottery.main.count, lottery.main.min, lottery.main.max).join(' ');
  const special = lottery.special;
  if (!special || special.pool !== 'own') return main;
  return `${main} + ${spread(special.count, special.min, special.max).join(' ')}`;
}

const numbersIn = (count: number, min: number, max: number) =>
  `${count} ${count === 1 ? 'number' : 'numbers'} from ${min} to ${max}`;

/** The format of a line for this lottery, under today's rules: the hint under the text area. */
export function linesHint(lottery: Lottery): string {
  const { main, special } = lottery;
  const start = `One line per ticket (up to ${MAX_LINES}), numbers separated by spaces or commas: ${numbersIn(main.count, main.min, main.max)}`;
  if (special?.pool === 'own') {
    const name = specialName(lottery);
    const which = special.count === 1 ? name : `${special.count} ${name}`;
    return `${start}, then + and the ${which} (${special.count === 1 ? '' : 'each '}from ${special.min} to ${special.max}), e.g. ${exampleLine(lottery)}.`;
  }
  if (special) {
    return `${start}, e.g. ${exampleLine(lottery)}. The ${specialName(lottery)} is drawn from the same numbers and matched against them: type no + part.`;
  }
  return `${start}, e.g. ${exampleLine(lottery)}.`;
}

/** The numbers of one part of a line, or why they are not numbers. */
function readNumbers(text: string, where: string): number[] | string {
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) return `no numbers ${where}.`;
  const numbers: number[] = [];
  for (const word of words) {
    const value = /^\d+$/.test(word) ? Number(word) : Number.NaN;
    if (!Number.isSafeInteger(value)) return `“${word}” is not a whole number.`;
    numbers.push(value);
  }
  return numbers;
}

/**
 * The text area's lines as tickets, or the first malformed line said in words. Only the shape is checked here
 * (numbers, the `+` part where the lottery has one): counts and ranges are the API's, which knows the rules in
 * force on each draw's date.
 */
export function parseLines(text: string, lottery: Lottery): ParsedLines | { error: string } {
  const own = hasOwnSpecials(lottery);
  const name = specialName(lottery);
  const parsed: ParsedLines = { tickets: [], lineNumbers: [] };
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = `Line ${index + 1}`;
    const parts = line.split(/[+|]/);
    if (parts.length > 2) return { error: `${at}: one + (or |) at most, before the ${name}.` };
    if (parts.length === 2 && !own) {
      const why = lottery.special
        ? `its ${name} is drawn from the same numbers and matched against them`
        : 'it draws no special numbers';
      return {
        error: `${at}: ${lottery.name} takes no numbers after a +: ${why}. Type the main numbers only.`,
      };
    }
    if (own && parts.length === 1)
      return { error: `${at}: add the ${name} after a +, e.g. ${exampleLine(lottery)}.` };
    const main = readNumbers(parts[0], own ? 'before the +' : 'on it');
    if (typeof main === 'string') return { error: `${at}: ${main}` };
    const ticket: Ticket = { main };
    if (own) {
      const special = readNumbers(parts[1], 'after the +');
      if (typeof special === 'string') return { error: `${at}: ${special}` };
      ticket.special = special;
    }
    parsed.tickets.push(ticket);
    parsed.lineNumbers.push(index + 1);
  }
  if (parsed.tickets.length === 0) return { error: 'Type at least one line of numbers.' };
  if (parsed.tickets.length > MAX_LINES)
    return { error: `At most ${MAX_LINES} lines at a time: there are ${parsed.tickets.length}.` };
  return parsed;
}

/**
 * An API error at the field it is about. The API names a ticket by its index (`Invalid 'tickets[2].main' value:
 * 70 is out of range 1-69 …`), which becomes the text area's line it came from: "Line 3 (main numbers): 70 is …".
 * Several tickets at fault come in one message, each ticket's part joined with "; ": each is said of its line.
 */
export function checkFieldErrors(
  error: unknown,
  lineNumbers: readonly number[],
  lottery: Lottery,
): FieldErrors<CheckField> {
  if (error instanceof LotteryApiError) {
    // A problem itself may hold "; " (uk_lotto's "… match the main numbers; send …"): split before a ticket only.
    const parts = error.message.split(/; (?=Invalid 'tickets\[\d+\])/);
    const said = parts.map((part) => ticketProblemWords(part, lineNumbers, lottery));
    if (said.every((words) => words !== null)) return { lines: said.join(' ') };
  }
  const errors = apiFieldErrors(error, ['tickets', 'date', 'from', 'to']);
  if (errors.tickets) return { lines: errors.tickets };
  return errors as FieldErrors<CheckField>;
}

/** One ticket's problem as the API says it, said of the text area's line; null when it names no ticket. */
function ticketProblemWords(
  message: string,
  lineNumbers: readonly number[],
  lottery: Lottery,
): string | null {
  const ticket = /^Invalid 'tickets\[(\d+)\](?:\.(main|special))?' value[:.]\s*([\s\S]*)$/.exec(message);
  if (!ticket) return null;
  const index = Number(ticket[1]);
  const line = lineNumbers[index] ?? index + 1;
  const part =
    ticket[2] === 'main' ? ' (main numbers)' : ticket[2] === 'special' ? ` (${specialName(lottery)})` : '';
  const problem = ticket[3].charAt(0).toUpperCase() + ticket[3].slice(1);
  return `Line ${line}${part}: ${problem}`;
}
