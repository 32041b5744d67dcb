/**
 * Reads a Jest run's output line by line and tells which test files failed only because their worker process
 * died (a signal: seen once on Node.js 24 as a V8 fatal error while freeing WebAssembly code, in a worker running
 * the embedded PostgreSQL), as opposed to a failed assertion or a suite that threw.
 */
export class CrashedSuites {
  /** Files whose worker was killed. */
  crashed = new Set();
  /** How many files Jest counted as failed (its `Test Suites:` line), or null before that line. */
  failedSuites = null;
  #lastFailed = null;
  #suiteFailedToRun = null;

  read(line) {
    const failed = /\bFAIL\s+(?:\S+\s+)?(\S+\.spec\.ts)\b/.exec(line);
    if (failed) {
      // Jest names a file from the workspace as it fails and from the project in its summary: one name for both.
      this.#lastFailed = failed[1].replace(/^apps\/api\//, '');
      this.#suiteFailedToRun = null;
      return;
    }
    if (/\bPASS\s/.test(line)) this.#lastFailed = this.#suiteFailedToRun = null;
    if (line.includes('Test suite failed to run')) this.#suiteFailedToRun = this.#lastFailed;
    if (
      this.#suiteFailedToRun &&
      /jest worker process .* was terminated by another process: signal=/.test(line)
    )
      this.crashed.add(this.#suiteFailedToRun);
    const summary = /Test Suites:\s+(\d+) failed/.exec(line);
    if (summary) this.failedSuites = Number(summary[1]);
  }

  /** True when every failed file failed by a crash: running just those again says whether the tests pass. */
  get onlyCrashes() {
    return this.crashed.size > 0 && this.failedSuites === this.crashed.size;
  }
}
