/** Runs `run` and reports how long it took, in whole milliseconds. */
export async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: Math.round(performance.now() - started) };
}

/**
 * Polls until `check` passes (resolving with the milliseconds it took) or throws its last error after `withinMs`.
 * The default allows for a loaded CI machine (seen: a change announced through the database taking over 2 s there);
 * a check that passes returns at once, so only a failure waits it out.
 */
export async function eventually(check: () => Promise<void>, withinMs = 10_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > withinMs) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
