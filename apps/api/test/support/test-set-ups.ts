// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startSmtpReceiver } from '../../../../tools/testing/smtp-receiver';
import { DataSource, type QueryRunner } from 'typeorm';
import { newAdmin, newLicensedHolder, ROOMY_LICENSE } from './fixtures';
import { http, type Http } from './http';
import { endAfterFile, SHARED_APP } from './file-teardown';
import { createTestApp, type TestApp } from './test-app';

/**
 * The set-ups HTTP specs share, each a step further than the last: an app, an app with an administrator, an app
 * with a token holder who may read fast, an app that sends e-mail. A spec calls one in its beforeAll and closes
 * what it returns in its afterAll.
 */

/** The public address of mailing apps: the links in their messages start with it. */
export const PUBLIC_URL = 'https://lottery.example.test';

/** An app on its own database copy (`env` overrides settings), with a client for it. */
export async function withApp(env: Record<string, string> = {}): Promise<{ app: TestApp; api: Http }> {
  const app = await createTestApp(env);
  return { app, api: http(app.baseUrl) };
}

let sharedApp: Promise<TestApp> | undefined;

/**
 * The app of default settings that the specs of one Jest file share (`npm test` runs them in one group: see
 * spec-groups.cjs), with a client for it: an app's boot costs about a second of CPU. A spec that takes it changes
 * nothing another spec could see (no setting, lottery, draw, source or administrator of the bundle, no spy on the
 * app's services) and counts only what it made: its own accounts, tokens and licenses. The app's close() does
 * nothing; the file's teardown closes it (file-teardown.ts).
 */
export async function withSharedApp(): Promise<{ app: TestApp; api: Http }> {
  if (!sharedApp) {
    const booting = createTestApp();
    sharedApp = booting;
    endAfterFile(SHARED_APP, async () => {
      sharedApp = undefined;
      await (await booting).close();
    });
  }
  const app = await sharedApp;
  return { app: { ...app, close: async () => undefined }, api: http(app.baseUrl) };
}

const addAdmin = async ({ app, api }: { app: TestApp; api: Http }) => ({
  app,
  api,
  admin: await newAdmin(app, api),
});

const addTokenHolder = async ({ app, api, admin }: Awaited<ReturnType<typeof addAdmin>>, license: string) => {
  const holder = await newLicensedHolder(api, admin.jwt, license, ROOMY_LICENSE);
  return { app, api, admin, holder, token: holder.token };
};

/** An app with a logged-in administrator. */
export async function withAdmin(env: Record<string, string> = {}) {
  return addAdmin(await withApp(env));
}

/** The file's shared app (withSharedApp) with an administrator of the spec's own. */
export async function withSharedAdmin() {
  return addAdmin(await withSharedApp());
}

/**
 * An app with an administrator and a token holder on a license of its own (`license`), without the free license's
 * 20 requests a second: the specs that read many answers in a row go faster than that.
 */
export async function withTokenHolder(env: Record<string, string> = {}, license = 'test_bulk') {
  return addTokenHolder(await withAdmin(env), license);
}

/** The file's shared app (withSharedApp) with an administrator and a token holder of the spec's own. */
export async function withSharedTokenHolder(license = 'test_bulk') {
  return addTokenHolder(await withSharedAdmin(), license);
}

/**
 * An app with one query runner on its database, for the specs that run a migration's down() and up() by hand: one
 * connection for all of it (the embedded engine's pool is small). close() releases the runner, then closes the app.
 */
export async function withQueryRunner(): Promise<{
  app: TestApp;
  runner: QueryRunner;
  close(): Promise<void>;
}> {
  const { app } = await withApp();
  const runner = app.running.app.get(DataSource).createQueryRunner();
  return {
    app,
    runner,
    async close(): Promise<void> {
      await runner.release();
      await app.close();
    },
  };
}

/**
 * An app that sends its e-mail to a local SMTP receiver, with PUBLIC_URL set; registration's own verification
 * link is off (email-verification.spec.ts turns it on). close() ends both.
 */
export async function withMailingApp(env: Record<string, string> = {}) {
  const smtp = await startSmtpReceiver();
  const { app, api } = await withApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Lottery Results <no-reply@lottery.example.test>',
    PUBLIC_URL,
    REGISTRATION_VERIFY_EMAIL: 'false',
    ...env,
  });
  return {
    app,
    api,
    smtp,
    async close(): Promise<void> {
      await app.close();
      await smtp.close();
    },
  };
}
