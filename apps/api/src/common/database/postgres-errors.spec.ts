import { runInNewContext } from 'node:vm';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './postgres-errors';

describe('isDatabaseUnavailable', () => {
  it('knows a lost connection by its SQLSTATE class, its message or its cause', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('wrapped', { cause: new Error('connect ECONNREFUSED 127.0.0.1') })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new QueryFailedError('SELECT 1', [], Object.assign(new Error('read ECONNRESET'))),
      ),
    ).toBe(true);
  });

  it('knows a socket error made in another realm (pg passes Node’s own `read ECONNRESET` on as it is)', () => {
    // Seen in the outage test: Node's socket errors are not `instanceof` the Error of Jest's vm context.
    const foreign = runInNewContext(`Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })`);
    expect(foreign instanceof Error).toBe(false);
    expect(isDatabaseUnavailable(foreign)).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('wrapped', { cause: runInNewContext(`new Error('read ECONNRESET')`) })),
    ).toBe(true);
  });

  it('leaves query errors, other failures and non-errors alone', () => {
    expect(
      isDatabaseUnavailable(
        new QueryFailedError('SELECT', [], Object.assign(new Error('syntax error'), { code: '42601' })),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
