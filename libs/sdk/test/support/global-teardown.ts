import { slot } from './global-setup';

/** Stops exactly the API process the global set-up spawned (its ChildProcess, hence its PID). */
export default async function globalTeardown(): Promise<void> {
  await slot.__SDK_TEST_API__?.stop();
  slot.__SDK_TEST_API__ = undefined;
}
