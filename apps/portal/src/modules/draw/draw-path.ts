/** A draw's page: `/draws/{tag}/{date}` (or `latest`), `?round=N` for another draw of a date that has several. */
export interface DrawAddress {
  tag: string;
  /** `YYYY-MM-DD`, or `latest`. */
  date: string;
  round?: number;
}

export function drawPath({ tag, date, round }: DrawAddress): string {
  return `/draws/${encodeURIComponent(tag)}/${date}${round ? `?round=${round}` : ''}`;
}

/** The draw a path names, or null when it names none (a malformed date or round is no draw's page). */
export function parseDrawPath(path: string): DrawAddress | null {
  const [where, query = ''] = path.split('?');
  const match = /^\/draws\/([^/]+)\/(\d{4}-\d{2}-\d{2}|latest)\/?$/.exec(where);
  if (!match) return null;
  const roundText = new URLSearchParams(query).get('round');
  const round = roundText === null ? undefined : Number(roundText);
  if (round !== undefined && !(Number.isSafeInteger(round) && round >= 1)) return null;
  let tag: string;
  try {
    tag = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { tag, date: match[2], ...(round && match[2] !== 'latest' ? { round } : {}) };
}

/** "2025-03-25", or "2026-06-10, round 2" for a draw of an era that draws several rounds a date. */
export function drawDateWords(date: string, round?: number | null): string {
  return round ? `${date}, round ${round}` : date;
}
