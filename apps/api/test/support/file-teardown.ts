/**
 * What the specs of one Jest file share and leave running for each other (the shared app, the password-strength
 * worker), ended after the file's last test by file-teardown-hook.ts, a set-up file of every test file. It imports
 * nothing, so that a unit spec does not load the app's modules for it.
 */
/** The name the shared app runs under (test-set-ups.ts: withSharedApp). */
export const SHARED_APP = 'shared app';

const closers = new Map<string, () => Promise<void>>();

/** Ends `what` after the file's last test (the last registration under a name is the one kept). */
export function endAfterFile(what: string, end: () => Promise<void>): void {
  closers.set(what, end);
}

/** Whether `what` runs for the file's later specs (endAfterFile). */
export const runsForTheFile = (what: string): boolean => closers.has(what);

/** Ends what the file's specs left running, each in turn; the first failure is thrown after all have run. */
export async function endFileResources(): Promise<void> {
  const ends = [...closers.values()];
  closers.clear();
  const results = await Promise.allSettled(ends.map((end) => end()));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
