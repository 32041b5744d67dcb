import { isValidIsoDate } from '../../../common/dates/iso-date';
import type { RejectedRow } from '../sync-result';
import {
  assertSomeUsable,
  describeValue,
  type FetchedDraw,
  type FetchRequest,
  parseJsonBody,
  parseNumbers,
  type SourceAdapter,
  SourceFormatError,
} from './source-adapter';

/** Rows asked for at most: a few months of draws, enough to catch up after an outage. */
const ROW_LIMIT = 200;
/** Socrata floating timestamps, as New York's datasets publish draw dates: '2026-08-08T00:00:00.000'. */
const FLOATING_DATE = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?$/;

type Row = Record<string, unknown>;

/**
 * New York State's open data (Socrata SODA API), newest first, from `since`: the datasets keep the whole history,
 * so only recent rows are asked for.
 */
function socrataUrl({ url, since }: FetchRequest): string {
  const target = new URL(url);
  target.searchParams.set('$order', 'draw_date DESC');
  target.searchParams.set('$limit', String(ROW_LIMIT));
  if (since !== null) target.searchParams.set('$where', `draw_date >= '${since}T00:00:00'`);
  return target.toString();
}

function rowsOf(body: string): Row[] {
  const json = parseJsonBody(body);
  if (!Array.isArray(json)) throw new SourceFormatError('expected a JSON array of rows');
  return json as Row[];
}

/** Reads each row with `read`, which returns the draw's numbers or a problem. */
function parseRows(
  body: string,
  read: (row: Row) => { main: number[]; special: number[] } | string,
): { draws: FetchedDraw[]; rejected: RejectedRow[] } {
  const rows = rowsOf(body);
  const draws: FetchedDraw[] = [];
  const rejected: RejectedRow[] = [];
  rows.forEach((row, index) => {
    const position = index + 1;
    if (typeof row !== 'object' || row === null) {
      rejected.push({ row: position, date: null, message: 'not an object' });
      return;
    }
    const match = typeof row.draw_date === 'string' ? FLOATING_DATE.exec(row.draw_date) : null;
    if (!match || !isValidIsoDate(match[1])) {
      rejected.push({
        row: position,
        date: null,
        message: `draw_date ${describeValue(row.draw_date)} is not 'YYYY-MM-DDT00:00:00.000'`,
      });
      return;
    }
    const numbers = read(row);
    if (typeof numbers === 'string') rejected.push({ row: position, date: match[1], message: numbers });
    else draws.push({ row: position, date: match[1], ...numbers });
  });
  return assertSomeUsable({ draws, rejected }, rows.length);
}

const SPACES = /\s+/;

function field(row: Row, name: string): string | null {
  return typeof row[name] === 'string' ? (row[name] as string) : null;
}

/** Powerball (`d6yy-54nr`): `winning_numbers` "n1 n2 n3 n4 n5 PB"; `multiplier` (Power Play) is not stored. */
export const socrataPowerball: SourceAdapter = {
  buildUrl: socrataUrl,
  parse: (body) =>
    parseRows(body, (row) => {
      const text = field(row, 'winning_numbers');
      const numbers = text === null ? null : parseNumbers(text, SPACES);
      if (numbers === null || numbers.length !== 6)
        return `winning_numbers ${describeValue(row.winning_numbers)} is not six numbers`;
      return { main: numbers.slice(0, 5), special: numbers.slice(5) };
    }),
};

/** Mega Millions (`5xaw-6ayf`): `winning_numbers` "n1 … n5", `mega_ball`; `multiplier` is not stored. */
export const socrataMegaMillions: SourceAdapter = {
  buildUrl: socrataUrl,
  parse: (body) =>
    parseRows(body, (row) => {
      const text = field(row, 'winning_numbers');
      const main = text === null ? null : parseNumbers(text, SPACES);
      if (main === null || main.length !== 5)
        return `winning_numbers ${describeValue(row.winning_numbers)} is not five numbers`;
      const ball = field(row, 'mega_ball');
      const special = ball === null ? null : parseNumbers(ball, SPACES);
      if (special === null || special.length !== 1)
        return `mega_ball ${describeValue(row.mega_ball)} is not a number`;
      return { main, special };
    }),
};
