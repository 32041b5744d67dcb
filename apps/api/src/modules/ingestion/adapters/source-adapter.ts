import type { RejectedRow } from '../sync-result';
import type { StoredDivisionPrize } from '../../prizes/domain/draw-prizes';
import { decodeText } from '../domain/text-encoding';

/** A draw read from a source, before validation against the lottery's rules. */
export interface FetchedDraw {
  /** 1-based position of the row in the answer (for reports). */
  row: number;
  date: string;
  main: number[];
  special: number[];
  /** Which of the date's draws (1, 2, …), where the source publishes several on one date (UK rounds). */
  round?: number;
  /** The draw's number, where the mapping names its field (`contest`). */
  contest?: number;
  /** What the draw paid, where the source publishes it and the mapping names its fields. */
  prizes?: FetchedPrizes;
}

/** A draw's prizes as a source gives them (amounts in minor units); the ingest adds the date and provenance. */
export interface FetchedPrizes {
  currency: string;
  divisions: StoredDivisionPrize[];
  jackpotMinor: number | null;
}

/** What an adapter read from an answer: the draws it understood, and the rows it could not. */
export interface ParsedAnswer {
  draws: FetchedDraw[];
  rejected: RejectedRow[];
  /**
   * Rows the mapping leaves out on purpose (`undated: 'ignore'`, `from`): history without a date or before the
   * rows it reads; counted with the sync's ignored rows. Absent when none.
   */
  ignored?: number;
}

/** The request an adapter makes: only recent draws (from `since`, the lottery's date). */
export interface FetchRequest {
  url: string;
  /** 'YYYY-MM-DD': ask for draws on or after this date when the source can filter. */
  since: string | null;
  /** The sync's clock, for the URL's `{untilMs}` and `{isoWeek}` (url-placeholders.ts); the current time if absent. */
  now?: Date;
  /** A moment of the period the URL's `{isoWeek}` and `{year}` name (a catch-up's earlier period); default `now`. */
  period?: Date;
  /** The draw number the URL's `{contest}` names; absent: the URL without its `/{contest}` (the latest draw). */
  contest?: number;
}

/** The HTTP request that fetches a source: a GET of a URL, or what a feed asks for (headers, a POST body). */
export interface SourceRequest {
  url: string;
  method: 'GET' | 'POST';
  /** Besides the service's own (User-Agent, Accept), which the fetcher sets. */
  headers: Record<string, string>;
  body: string | null;
}

/** Answers larger than this are refused, and so is a ZIP member that inflates beyond it. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/**
 * Reads one kind of publication. `buildUrl` adds what asks the source for recent draws only; `buildRequest`, where
 * present, makes the whole request (headers, a POST body). `parse` turns the answer's text into draws, or throws
 * SourceFormatError when the answer as a whole is not what the adapter reads; `parseBody`, where present, reads the
 * answer's bytes (an archive, a text encoding) instead.
 */
export interface SourceAdapter {
  buildUrl(request: FetchRequest): string;
  buildRequest?(request: FetchRequest): SourceRequest;
  parse(body: string): ParsedAnswer;
  parseBody?(body: Buffer): ParsedAnswer;
}

/** The request that fetches `adapter`'s source: a plain GET unless the adapter makes more of it. */
export function requestFor(adapter: SourceAdapter, request: FetchRequest): SourceRequest {
  return adapter.buildRequest
    ? adapter.buildRequest(request)
    : { url: adapter.buildUrl(request), method: 'GET', headers: {}, body: null };
}

/** Reads a fetched answer: its bytes where the adapter reads bytes, otherwise its text as UTF-8. */
export function parseAnswer(adapter: SourceAdapter, body: Buffer): ParsedAnswer {
  return adapter.parseBody ? adapter.parseBody(body) : adapter.parse(decodeText(body));
}

/**
 * The answer as a whole is unusable (not JSON, an HTML page, not a list, a changed schema). Like every message
 * about an answer (rejected rows too), it describes it without quoting it: it is shown to administrators, logged
 * and printed, and the answer may come from a host they cannot reach themselves.
 */
export class SourceFormatError extends Error {}

/** What a value of the answer is, without quoting it: "null", "(text of 12 characters)", "(a number)", … */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return `(text of ${value.length} characters)`;
  if (typeof value === 'number') return '(a number)';
  if (typeof value === 'boolean') return '(true or false)';
  if (Array.isArray(value)) return `(a list of ${value.length})`;
  return '(an object)';
}

/** An answer with rows of which not one is readable means the format changed: the sync fails, naming why. */
export function assertSomeUsable(parsed: ParsedAnswer, rows: number): ParsedAnswer {
  if (rows > 0 && parsed.draws.length === 0) {
    const first = parsed.rejected[0];
    throw new SourceFormatError(
      `no usable row in ${rows} (the format may have changed); row ${first.row}: ${first.message}`,
    );
  }
  return parsed;
}

/** JSON.parse with the errors an operator can act on. */
export function parseJsonBody(body: string): unknown {
  const start = body.trimStart().slice(0, 1);
  if (start === '<')
    throw new SourceFormatError('the source answered HTML or XML, not JSON (an error page?)');
  try {
    return JSON.parse(body);
  } catch {
    throw new SourceFormatError(`the source answered invalid JSON (${Buffer.byteLength(body)} bytes)`);
  }
}

/** Whole non-negative numbers as published ("04", "17"); null when any part is not one. */
export function parseNumbers(text: string, separator: RegExp): number[] | null {
  const parts = text
    .trim()
    .split(separator)
    .filter((part) => part !== '');
  if (parts.length === 0 || !parts.every((part) => /^\d{1,4}$/.test(part))) return null;
  return parts.map(Number);
}
