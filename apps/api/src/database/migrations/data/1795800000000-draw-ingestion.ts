/**
 * Frozen copy of the bundled lotteries' draw sources for migration 1795800000000 (draw ingestion). Never edit: a
 * migration must do the same thing forever.
 *
 * Frozen from commit efdfcaf (2026-11-22 18:25 UTC, issue 11), the commit that shipped the migration: each entry is
 * `sync` of apps/api/data/draws/lotteries.json as the runtime loader of that commit returned it
 * (loadBundledLotteries -> parseSourceConfig: adapter, url, and a mapping that is null for every adapter but the
 * generic one). Only the two lotteries with a `sync` entry are listed: the migration skipped the others. It read
 * `tag`, `sync.adapter`, `sync.url` and `sync.mapping` and nothing else. The only later change to lotteries.json
 * (962236b, 2026-11-25, issue 22) and to bundled-lotteries.ts (the same commit) touch the rules only, so today's
 * data gives the same rows; the copy keeps the migration from following future edits.
 */
export interface FrozenDrawSource {
  tag: string;
  adapter: string;
  url: string;
  /** Only the generic adapter has one; none of the frozen sources does. */
  mapping: Record<string, unknown> | null;
}

export const DRAW_INGESTION_1795800000000: FrozenDrawSource[] = [
  {
    tag: 'us_powerball',
    adapter: 'socrata-powerball',
    url: 'https://data.ny.gov/resource/d6yy-54nr.json',
    mapping: null,
  },
  {
    tag: 'us_megamillions',
    adapter: 'socrata-megamillions',
    url: 'https://data.ny.gov/resource/5xaw-6ayf.json',
    mapping: null,
  },
];
