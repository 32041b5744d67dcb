/**
 * A wait told to a person (a tool's refusal, a message): "Retry after 1187 s." makes them do the arithmetic, so
 * seconds only under a minute, then whole minutes (rounded up: never sooner than the limit lifts), then hours past
 * two. Retry-After itself stays in seconds, for programs.
 */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 120) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
