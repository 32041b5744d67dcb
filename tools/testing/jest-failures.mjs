/**
 * Reads a Jest run's output line by line and keeps its failed tests, each with the first line of its error, so
 * that the end of `npm test` names them (CI shows only the last lines of a run's output).
 */
export class JestFailures {
  /** `file › test: first error line`, in the order Jest printed them. */
  failures = [];
  #file = null;
  #pending = null;

  read(line) {
    const text = line.replace(/\x1b\[[0-9;]*m/g, '');
    const failedFile = /\bFAIL\s+(?:\S+\s+)?(\S+\.(?:spec|e2e)\.ts)\b/.exec(text);
    if (failedFile) {
      this.#file = failedFile[1].split('/').pop();
      return;
    }
    const failed = /^\s*● (.+)$/.exec(text);
    if (failed && !failed[1].startsWith('Console')) {
      this.#pending = `${this.#file ?? '?'} › ${failed[1].trim()}`;
      return;
    }
    if (this.#pending && text.trim()) {
      // Jest names each failure twice (as it happens, and in its summary): once is enough here.
      const failure = `${this.#pending}: ${text.trim()}`.slice(0, 300);
      if (!this.failures.includes(failure)) this.failures.push(failure);
      this.#pending = null;
    }
  }
}
