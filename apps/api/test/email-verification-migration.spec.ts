import { hash } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import { EmailVerification1796870000000 } from '../src/database/migrations/1796870000000-email-verification';
import { newAccount } from './support/fixtures';
import { http } from './support/http';
import type { TestApp } from './support/test-app';
import { withQueryRunner } from './support/test-set-ups';

/**
 * A database from before e-mail verification: its accounts count as verified, and an e-mail change still pending
 * then (which may have been asked by someone who learned the password before its holder changed it) is ended,
 * while the history of used ones is kept and bound to the account's session version.
 */
describe('migration 1796870000000 (e-mail verification) for a database from before', () => {
  let app: TestApp;
  let runner: QueryRunner;

  let database: Awaited<ReturnType<typeof withQueryRunner>>;

  beforeAll(async () => {
    ({ app, runner } = database = await withQueryRunner());
  });
  afterAll(() => database?.close());

  it('counts existing accounts as verified, ends pending e-mail changes and keeps used ones', async () => {
    const account = await newAccount(http(app.baseUrl));
    await runner.query('UPDATE accounts SET session_version = 3 WHERE id = $1', [account.id]);
    const migration = new EmailVerification1796870000000();
    await migration.down(runner);
    const change = (newEmail: string, usedAt: string | null) =>
      runner.query(
        `INSERT INTO email_changes (account_id, new_email, secret_hash, expires_at, used_at)
         VALUES ($1, $2, $3, now() + interval '1 day', $4)`,
        [account.id, newEmail, hash('sha256', newEmail, 'hex'), usedAt],
      );
    await change('pending@example.test', null);
    await change('used@example.test', new Date().toISOString());

    await migration.up(runner);
    expect(
      await runner.query(
        'SELECT new_email, session_version, cancel_hash FROM email_changes WHERE account_id = $1',
        [account.id],
      ),
    ).toEqual([{ new_email: 'used@example.test', session_version: 3, cancel_hash: null }]);
    expect(
      await runner.query('SELECT email_verified, email_change_asked_at FROM accounts WHERE id = $1', [
        account.id,
      ]),
    ).toEqual([{ email_verified: true, email_change_asked_at: null }]);
    expect(await runner.query('SELECT count(*)::int AS n FROM email_verifications')).toEqual([{ n: 0 }]);
  });
});
