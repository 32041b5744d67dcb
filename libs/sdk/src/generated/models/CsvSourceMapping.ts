/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
/**
 * A CSV answer: a header line naming the columns, or none (`header: false`).
 */
export type CsvSourceMapping = {
  /**
   * A ZIP answer: `{type: 'zip', member?}`, `member` a regular expression on the file's name; default the first `.csv` (`.json`) member, or the only one.
   */
  archive?: {
    member?: string;
    type: 'zip';
  };
  /**
   * With `POST`: the body, text or a JSON object (sent as JSON); `{since}` in its text as in `query` (The Lott's latest results).
   */
  body?: (string | Record<string, any>);
  /**
   * The field of the draw's number (CAIXA's `numero`): the sync keeps the highest one read, and asks a URL holding `{contest}` for each number after it, until one is not published yet (404).
   */
  contest?: string;
  /**
   * The date's field (a JSON dot path, a CSV column or an XML path), or up to 3 fields of its parts, joined with `-` (required).
   */
  date: (string | Array<string>);
  /**
   * `YYYY`, `MM` or `MMM` (`Jan`…`Dec`) and `DD` once each, with literals between them: `DD-MMM-YYYY` (default `YYYY-MM-DD`); a time after the date is ignored. `epoch-ms`: milliseconds (a number or numeric text), dated in the lottery's time zone.
   */
  dateFormat?: string;
  /**
   * The CSV column delimiter (default `,`).
   */
  delimiter?: string;
  /**
   * A row holding all the draws of its date (NY Take 5's midday and evening): `[{main, special?}, …]`, round 1 first, instead of `main`, `special`, `specialFromMain` and `round`; a draw whose main fields are blank is not in the row; on a date of one draw, it is round 1.
   */
  draws?: Array<{
    main: (string | Array<string>);
    special?: (string | Array<string>);
  }>;
  /**
   * The answer's text encoding: `utf-8` (default; a byte order mark is dropped), `windows-1252` (FDJ) or `iso-8859-1` (read as windows-1252).
   */
  encoding?: 'utf-8' | 'windows-1252' | 'iso-8859-1' | 'windows-1255';
  /**
   * `{field: text}`: only rows whose fields hold exactly these texts are read (BCLC's `SEQUENCE NUMBER` 0).
   */
  filter?: Record<string, string>;
  /**
   * How the answer is read.
   */
  format: 'csv';
  /**
   * `YYYY-MM-DD`: rows dated before it are counted as `ignored`, not read (an older layout the mapping does not read).
   */
  from?: string;
  /**
   * `false` when the answer has no header line: fields are then column positions, `'1'` the first (default `true`).
   */
  header?: boolean;
  /**
   * Request headers a feed asks automated clients for (Veikkaus: `X-ESA-API-Key: ROBOT`); hop-by-hop headers, the service's own (Host, User-Agent, …) and credentials are refused.
   */
  headers?: Record<string, string>;
  /**
   * The field holding all main numbers, or a list of fields, one per number (required, unless `draws` is given).
   */
  main?: (string | Array<string>);
  /**
   * The request's method (default `GET`).
   */
  method?: 'GET' | 'POST';
  /**
   * What each draw paid, where the source publishes it: `{currency, decimal?, suffix?, unit?, divisions: [{rank, winners?, amount? or total?, regions?}], jackpot?}` (README, "Adding or changing a source").
   */
  prizes?: {
    /**
     * ISO 4217 code of the amounts.
     */
    currency: string;
    /**
     * The amounts' decimal separator (default `.`).
     */
    decimal?: '.' | ',';
    divisions: Array<{
      /**
       * The field of the amount per winning line.
       */
      amount?: string;
      rank: number;
      /**
       * Country codes (`FR`) to the fields of their winners.
       */
      regions?: Record<string, string>;
      /**
       * Instead of `amount`: the field of what the whole division paid, shared by its winners.
       */
      total?: string;
      /**
       * The field of the division's winners.
       */
      winners?: string;
    }>;
    /**
     * The field of the top division's pool.
     */
    jackpot?: string;
    /**
     * Text after an amount, dropped (Szerencsejáték's `Ft`).
     */
    suffix?: string;
    /**
     * `minor`: the amounts are whole numbers of the currency's minor unit (Veikkaus' cents).
     */
    unit?: 'minor';
  };
  /**
   * Query parameters added to the URL; `{since}` in a value becomes the first date wanted (`YYYY-MM-DD`).
   */
  query?: Record<string, string>;
  /**
   * The field of the draw's round, where a date has several: `1`, `2`, … or `ONE`, `TWO`, ….
   */
  round?: string;
  /**
   * JSON: the dot path of the array of rows (`result.draws`; absent when the answer is the array), or `.` when the answer is one draw, an object (CAIXA's latest contest). XML (required): the path of the repeated element from the root; a single element is a list of one.
   */
  rows?: string;
  /**
   * What separates numbers within one field (default: spaces, commas, semicolons, dashes or pipes).
   */
  separator?: string;
  /**
   * The same for special numbers; absent when there are none.
   */
  special?: (string | Array<string>);
  /**
   * When one field (`main`) holds main and special numbers: how many of its last numbers are special.
   */
  specialFromMain?: number;
  /**
   * `ignore`: a row whose date is empty is history its publisher left undated (Szerencsejáték's rows before 2004-11), counted as `ignored`; absent: such a row is rejected.
   */
  undated?: 'ignore';
};

