/**
 * A y-axis people can read: 0 and a few round steps (1, 2 or 5 times a power of ten) up to a round top at or
 * above the busiest day.
 */
export function yTicks(max: number, wanted = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / wanted;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return ticks;
}

export function daysInMonth(month: string): number {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** "1.2k" for the axis, where space is short; the bars' titles keep the exact numbers. */
export function shortNumber(value: number): string {
  if (value >= 1_000_000) return `${+(value / 1_000_000).toFixed(1)}M`;
  if (value >= 10_000) return `${+(value / 1000).toFixed(0)}k`;
  if (value >= 1000) return `${+(value / 1000).toFixed(1)}k`;
  return String(value);
}
