import { createHash, randomUUID } from 'node:crypto';
import { Test, type TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { startTestDatabase, type TestDatabaseEngine } from '../../../test/support/test-database';
import { TEST_ENV } from '../../../test/support/test-engine';
import { eventually } from '../../../test/support/timing';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startSmtpReceiver } from '../../../../../tools/testing/smtp-receiver';
import { ClockModule } from '../../common/clock.module';
import { Messages } from '../../common/errors/messages';
import { RedisModule } from '../../common/redis/redis.module';
import { loadSettings } from '../../config/settings';
import { SettingsModule } from '../../config/settings.module';
import { DatabaseModule } from '../../database/database.module';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher.service';
import { CredentialsCache } from '../credentials/credentials-cache.service';
import { PasswordResetModule } from './password-reset.module';
import { PasswordResetService } from './password-reset.service';
import { ENTITIES } from '../../entities';
import { ChangeFeedModule } from '../change-feed/change-feed.module';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';
const LINK = /reset-password\?token=([A-Za-z0-9_-]{43})$/m;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The claims of an access token (its signature is the JWT library's business, not this spec's). */
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
const refusal = () =>
  expect.objectContaining({
    status: 400,
    body: expect.objectContaining({ message: Messages.passwordResetInvalid }),
  });

/**
 * The service in its own module, with every provider that module gives it (accounts, hashing, sessions, mail, what
 * it tells of a password change), on a real database: its seam is SQL (the one-use update, the session version).
 * Mail goes to a real local SMTP server.
 */
describe('PasswordResetService', () => {
  let database: TestDatabaseEngine;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let moduleRef: TestingModule;
  let service: PasswordResetService;
  let accounts: AccountsService;
  let dataSource: DataSource;

  beforeAll(async () => {
    [database, smtp] = await Promise.all([startTestDatabase(), startSmtpReceiver()]);
    const settings = loadSettings({
      ...TEST_ENV,
      DATA_DIR: database.dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Lottery Results <no-reply@lottery.example.test>',
      PUBLIC_URL: 'https://lottery.example.test',
    });
    moduleRef = await Test.createTestingModule({
      imports: [
        SettingsModule.register(settings),
        DatabaseModule.register({ url: database.url, engine: database.engine, entities: ENTITIES }),
        ChangeFeedModule,
        RedisModule,
        ClockModule,
        PasswordResetModule,
      ],
    }).compile();
    await moduleRef.init();
    service = moduleRef.get(PasswordResetService);
    accounts = moduleRef.get(AccountsService, { strict: false });
    dataSource = moduleRef.get(DataSource);
  });
  afterAll(async () => {
    await moduleRef?.close();
    await Promise.all([database?.stop(), smtp?.close()]);
  });

  const newAccount = () => accounts.register(`reset-${randomUUID()}@example.test`, PASSWORD);
  const resetsOf = (accountId: string) =>
    dataSource.query(
      `SELECT secret_hash, origin, expires_at, used_at FROM password_resets WHERE account_id = $1 ORDER BY created_at`,
      [accountId],
    );
  const accountRow = async (accountId: string) =>
    (
      await dataSource.query(`SELECT password_hash, session_version FROM accounts WHERE id = $1`, [accountId])
    )[0] as { password_hash: string; session_version: number };
  const linkOf = async (accountId: string) => (await service.createForAdmin(accountId)).resetToken;

  it('mails one link for a known address and keeps only its hash, for an hour', async () => {
    const account = await newAccount();
    expect(service.requestByEmail(account.email.toUpperCase())).toBe('email');

    const mail = await smtp.mailTo(account.email);
    const secret = LINK.exec(mail.text)?.[1] as string;
    expect(mail.text).toContain(`https://lottery.example.test/portal/#/reset-password?token=${secret}`);
    const rows = await resetsOf(account.id);
    expect(rows).toEqual([
      { secret_hash: sha256(secret), origin: 'email', expires_at: expect.any(Date), used_at: null },
    ]);
    // A copy of the table opens no account.
    expect(JSON.stringify(rows)).not.toContain(secret);
    const lifetimeMinutes = (rows[0].expires_at.getTime() - Date.now()) / 60_000;
    expect(lifetimeMinutes).toBeGreaterThan(59);
    expect(lifetimeMinutes).toBeLessThanOrEqual(60);
  });

  it('answers an unknown address as a known one, and neither stores nor mails anything for it', async () => {
    const known = await newAccount();
    const stranger = `nobody-${randomUUID()}@example.test`;
    const before = await dataSource.query(`SELECT count(*) AS n FROM password_resets`);
    expect(service.requestByEmail(stranger)).toBe(service.requestByEmail(known.email));
    await smtp.mailTo(known.email); // asked after the stranger's: by now the stranger's lookup is done
    expect(smtp.received.filter((mail) => mail.to.includes(stranger))).toEqual([]);
    const after = await dataSource.query(`SELECT count(*) AS n FROM password_resets`);
    expect(after[0].n).toBe(before[0].n + 1);
  });

  it('mails an account at most one link a minute, however often it is asked', async () => {
    const flooded = await newAccount();
    service.requestByEmail(flooded.email);
    await smtp.mailTo(flooded.email);
    for (let i = 0; i < 3; i += 1) expect(service.requestByEmail(flooded.email)).toBe('email');
    const witness = await newAccount();
    service.requestByEmail(witness.email);
    await smtp.mailTo(witness.email); // asked after the three: by now they are done
    expect(smtp.received.filter((mail) => mail.to.includes(flooded.email))).toHaveLength(1);
    expect(await resetsOf(flooded.id)).toHaveLength(1);
  });

  it('sets the password once per link, moves the session version on and refuses older sessions', async () => {
    const account = await newAccount();
    const credentials = moduleRef.get(CredentialsCache, { strict: false });
    const hasher = moduleRef.get(PasswordHasher, { strict: false });
    const before = await accountRow(account.id);
    // A session of before, as the guards see it (cached).
    expect((await credentials.account(account.id))?.sessionVersion).toBe(before.session_version);
    const [secret, sibling] = [await linkOf(account.id), await linkOf(account.id)];

    const issued = await service.reset(secret, NEW_PASSWORD);
    const after = await accountRow(account.id);
    expect(after.session_version).toBe(before.session_version + 1);
    expect(await hasher.verify(after.password_hash, NEW_PASSWORD)).toBe(true);
    expect(await hasher.verify(after.password_hash, PASSWORD)).toBe(false);
    // The caller is logged in with the new version; a token of the old one no longer matches the account.
    expect(claimsOf(issued.accessToken)).toMatchObject({ sub: account.id, sv: after.session_version });
    await eventually(async () =>
      expect((await credentials.account(account.id))?.sessionVersion).toBe(after.session_version),
    );

    // The link is spent, and so is every other link of the account.
    await expect(service.reset(secret, 'yet another passphrase')).rejects.toEqual(refusal());
    await expect(service.reset(sibling, 'yet another passphrase')).rejects.toEqual(refusal());
    expect((await resetsOf(account.id)).every((row: { used_at: Date | null }) => row.used_at !== null)).toBe(
      true,
    );
    expect(await accountRow(account.id)).toEqual(after);
  });

  it('refuses an expired link and an unknown one, changing nothing', async () => {
    const account = await newAccount();
    const expired = await linkOf(account.id);
    await dataSource.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE secret_hash = $1`,
      [sha256(expired)],
    );
    const before = await accountRow(account.id);
    for (const secret of [expired, 'x'.repeat(43)])
      await expect(service.reset(secret, NEW_PASSWORD)).rejects.toEqual(refusal());
    expect(await accountRow(account.id)).toEqual(before);
  });

  it('refuses a link made before the password changed, however it changed', async () => {
    const account = await newAccount();
    const beforeChange = await linkOf(account.id);
    const hasher = moduleRef.get(PasswordHasher, { strict: false });
    await accounts.changePassword(account.id, await hasher.hash('changed by its owner'));
    const changed = await accountRow(account.id);
    await expect(service.reset(beforeChange, NEW_PASSWORD)).rejects.toEqual(refusal());
    expect(await accountRow(account.id)).toEqual(changed);
  });

  it('lets one of several simultaneous uses of a link through', async () => {
    const account = await newAccount();
    const secret = await linkOf(account.id);
    const before = await accountRow(account.id);
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((n) => service.reset(secret, `${NEW_PASSWORD} ${n}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected'))
      expect(outcome.reason).toEqual(refusal());
    expect((await accountRow(account.id)).session_version).toBe(before.session_version + 1);
  });
});
