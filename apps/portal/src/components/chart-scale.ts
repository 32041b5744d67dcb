/**
 * A y-axis people can read: 0 and a few round steps (1, 2 or 5 times a power of ten) up to a round top at or
 * above the tallest bar.
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

/** "1.2k" for the axis, where space is short; the bars' titles keep the exact numbers. */
export function shortNumber(value: number): string {
  if (value >= 1_000_000) return `${+(value / 1_000_000).toFixed(1)}M`;
  if (value >= 10_000) return `${+(value / 1000).toFixed(0)}k`;
  if (value >= 1000) return `${+(value / 1000).toFixed(1)}k`;
  return String(value);
}

/**
 * Which x labels fit under bars `step` pixels apart: every label (1), or the first and every 5th or 10th, so that
 * two labels never overlap (a two-digit label needs about 20 px).
 */
export function labelEvery(step: number): 1 | 5 | 10 {
  if (step >= 22) return 1;
  return step >= 6 ? 5 : 10;
}
