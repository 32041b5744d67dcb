/**
 * The MCP tools (contract section 11): each one mirrors one REST route, which answers it (McpToolRunner runs the
 * route in-process), so that a call has the route's checks, quota charge, usage counting and JSON. The input and
 * output schemas are read from the route's operation in the OpenAPI document, i.e. from the DTOs that validate and
 * document the route (see McpToolCatalog): this table holds what only an agent needs, the descriptions.
 */

export type ToolArguments = Record<string, unknown>;

/** A REST route, by its OpenAPI path template. */
export interface RouteRef {
  method: 'GET' | 'POST';
  path: string;
}

export interface McpToolDefinition {
  name: string;
  title: string;
  /** What the tool answers, in terms an agent can act on: what the numbers mean, limits, freshness. */
  description: string;
  /** The route whose parameters (and JSON body) are the tool's arguments and whose 200 answer is its output. */
  route: RouteRef;
  /** The route a call runs, when it depends on the arguments (draw_prizes: the latest draw without a date). */
  routeFor?: (args: ToolArguments) => RouteRef;
  /** Arguments of the route that the tool does not require (draw_prizes' date). */
  optional?: string[];
  /** Descriptions of arguments, beside or instead of the route's. */
  argumentDescriptions?: Record<string, string>;
  /** The answer's properties the tool keeps (next_draw: a lottery's calendar); all when absent. */
  keep?: string[];
}

const TAG =
  "The lottery's tag, e.g. eu_euromillions, us_powerball, uk_lotto (list_lotteries gives every tag and name).";

const FRESHNESS =
  "Every answer's _meta.freshness (also in the text) says how current the lottery's stored draws are: status " +
  "'current' (every draw that took place is stored), 'awaiting' (the latest draw is not stored yet, within its " +
  "publication window), 'stale' (a draw is missing past its window: say so to the user), 'unscheduled'; " +
  "lastDraw, expectedDraw, hoursBehind, and source ('failing': the operator's feed does not answer).";

const NUMBERS =
  "A draw's `numbers` lists every ball: `value`, `special` (false: a main number; true: a special number such as " +
  "EuroMillions' Lucky Stars, Powerball's red ball or a bonus ball) and `order` (the position in which it was " +
  'drawn, where known).';

const QUOTA = "Each call costs one unit of the API token's monthly quota, like the REST route.";

export const MCP_TOOLS: McpToolDefinition[] = [
  {
    name: 'list_lotteries',
    title: 'List lotteries',
    description:
      'The lotteries this service has results for, ordered by tag, 15 per page at most: each with its name, ' +
      'country, current number rules (how many main and special numbers, their ranges), rule history, draw ' +
      'calendar (`nextDraw`), figures of its stored draws, `freshness` and `status` (`retired`: the game has ' +
      'ended). Narrow the list with `country` (two letters, EU for multi-national games), `q` (words of the ' +
      "lottery's name) and `status`. Page with `offset` while `more` is " +
      `true (\`total\` counts them all). ${QUOTA}`,
    route: { method: 'GET', path: '/lotteries' },
  },
  {
    name: 'get_lottery',
    title: 'Get a lottery',
    description:
      'One lottery: its name, country, the number rules in force today and their history (`rules`, by era: how ' +
      'many numbers are drawn from which range, the prize divisions), its draw calendar (`schedule`, `nextDraw`), ' +
      `the figures of its stored draws (first, last, count) and their \`freshness\`. ${QUOTA}`,
    route: { method: 'GET', path: '/lottery/{tag}' },
    argumentDescriptions: { tag: TAG },
  },
  {
    name: 'latest_draw',
    title: 'Latest draw',
    description:
      `The most recent stored draw of a lottery: its date and numbers. ${NUMBERS} Where a lottery draws several ` +
      `rounds on one date, this is the last round of the latest date. ${FRESHNESS} ${QUOTA}`,
    route: { method: 'GET', path: '/lottery/{tag}/draw/latest/numbers' },
    argumentDescriptions: { tag: TAG },
  },
  {
    name: 'draw_on_date',
    title: 'Draw on a date',
    description:
      `The draw of a lottery on one date (the lottery's local calendar date, YYYY-MM-DD). ${NUMBERS} A date ` +
      "without a draw is an error 'No draws were found for lottery.'; search_draws lists the dates that have one. " +
      `\`round\` picks another draw of the date where the lottery draws several (UK Lotto since 2026-06-10). ` +
      `${FRESHNESS} ${QUOTA}`,
    route: { method: 'GET', path: '/lottery/{tag}/draw/{date}/numbers' },
    argumentDescriptions: { tag: TAG },
  },
  {
    name: 'search_draws',
    title: 'Search draws',
    description:
      'The draws of a lottery, newest first, optionally between two dates (`from`/`to`, inclusive, YYYY-MM-DD): ' +
      'at most 15 per call (`limit` 0–15, default 15). Page with `offset` while `more` is true; `total` counts ' +
      `every draw that matches. ${NUMBERS} ${FRESHNESS} ${QUOTA}`,
    route: { method: 'GET', path: '/lottery/{tag}/draws' },
    argumentDescriptions: { tag: TAG },
  },
  {
    name: 'check_ticket',
    title: 'Check tickets',
    description:
      'Did these numbers win? Checks 1 to 100 tickets (each: `main` numbers and, for lotteries whose specials are ' +
      "chosen from a pool of their own such as EuroMillions' Lucky Stars or Powerball, `special` numbers) against " +
      'the draws of one date (`date`; every round of it, newest first, or only `round` N beside `date`), a range ' +
      'of draws (`from`/`to`), or, with neither, the latest draw date. The answer follows the question: a date ' +
      'lists every draw of it, `division: null` where nothing was won; a range lists only the draws the ticket won, ' +
      'newest first, with its totals per ticket (`won` per currency, `amountsUnknown`: wins of unknown amount). ' +
      'Each result names the numbers matched and the prize division won under the prize rules in force on that ' +
      "date, and what that division paid (`paid`) where the prizes are stored. A ticket that does not fit the lottery's rules is an " +
      `error naming it. ${FRESHNESS} ${QUOTA}`,
    route: { method: 'POST', path: '/lottery/{tag}/check' },
    argumentDescriptions: { tag: TAG },
  },
  {
    name: 'number_stats',
    title: 'Number statistics',
    description:
      'How often each number came up in a window of draws (`from`/`to`, inclusive; by default the current rule ' +
      'era up to the latest draw): per value its `count`, `frequency` (count / draws), `lastDrawn`, `drawsSince` ' +
      'and `longestGap`, for the main and the special numbers. Past draws do not predict future ones: each draw ' +
      `is independent. ${FRESHNESS} ${QUOTA}`,
    route: { method: 'GET', path: '/lottery/{tag}/stats' },
    argumentDescriptions: { tag: TAG },
  },
  {
    name: 'draw_prizes',
    title: 'Prizes of a draw',
    description:
      'What a draw paid: per prize division (`rank`, the numbers to `match`) the winners and the amount one ' +
      "winning line was paid (in `currency`'s major unit; null when nobody won), and the jackpot (`amount`, " +
      '`won`, `rollovers`) with the next advertised estimate. Without `date`, the latest draw. Operators publish ' +
      "prizes hours after the numbers: until then the answer is the error 'No prizes were found for draw.' while " +
      `the draw itself exists. ${FRESHNESS} ${QUOTA}`,
    route: { method: 'GET', path: '/lottery/{tag}/draw/{date}/prizes' },
    routeFor: (args) =>
      args.date === undefined || args.date === null
        ? { method: 'GET', path: '/lottery/{tag}/draw/latest/prizes' }
        : { method: 'GET', path: '/lottery/{tag}/draw/{date}/prizes' },
    optional: ['date'],
    argumentDescriptions: {
      tag: TAG,
      date: "The draw's date (the lottery's local calendar date, YYYY-MM-DD); omit it for the latest draw.",
    },
  },
  {
    name: 'next_draw',
    title: 'Next draw',
    description:
      "When a lottery's next draw takes place (`nextDraw`: its local date, and `at`, the time with the zone's " +
      "offset; null for a lottery without a schedule, absent for a game that has ended: `status` 'retired', " +
      '`retiredOn`) and how current its stored draws are (`freshness`: ' +
      "'current', 'awaiting' the latest draw within its publication window, or 'stale'). The answer of get_lottery, " +
      `cut to these. ${QUOTA}`,
    route: { method: 'GET', path: '/lottery/{tag}' },
    argumentDescriptions: { tag: TAG },
    keep: ['tag', 'name', 'status', 'retiredOn', 'nextDraw', 'freshness'],
  },
];
