import { randomBytes, randomInt } from 'node:crypto';
import { Clock } from '../../src/common/clock';
import type { TestApp } from './test-app';

/**
 * A client address of a test's own, sent as X-Forwarded-For to an app that trusts this machine as its proxy
 * (TRUST_PROXY=loopback), so that tests, runs and a shared Redis never meet.
 */
export const clientIp = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

/** An IPv6 /64 of a test's own: `${clientSubnet()}::1`. */
export const clientSubnet = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/**
 * Stops the app's clock (the per-address limits and the log-in back-off read it) until advance() moves it;
 * restore() gives it back.
 */
export function clockOf(app: TestApp) {
  let now = Date.now();
  const spy = jest.spyOn(app.running.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  return {
    /** Moves the clock on by `ms`; answers the new time (ms since the epoch). */
    advance: (ms: number) => (now += ms),
    restore: () => spy.mockRestore(),
  };
}
