/**
 * What is wrong with a From/To window of `YYYY-MM-DD` dates, said at To; undefined when it is a window (either end
 * may be empty: the page's default). Checked in the browser so that a reversed window is never sent: the API would
 * refuse it and still count the request against the quota.
 */
export function reversedRangeError(from: string, to: string): string | undefined {
  if (from && to && from > to) return `The range ends before it starts: choose a day on or after ${from}.`;
  return undefined;
}
