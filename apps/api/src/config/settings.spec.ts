import { embeddedDataDir, loadSettings, SettingsError } from './settings';

function problems(env: Record<string, string>): string[] {
  try {
    loadSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadSettings', () => {
  it('has the contract defaults', () => {
    const s = loadSettings({});
    expect(s).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      metricsToken: null,
      databaseUrl: null,
      redisUrl: null,
      defaultLicense: 'free',
      maxTokensPerAccount: 10,
      ipRateLimit: [
        { limit: 20, windowSeconds: 1 },
        { limit: 1200, windowSeconds: 60 },
        { limit: 72000, windowSeconds: 3600 },
      ],
      trustProxy: false,
      corsOrigins: '*',
      createDemoAccount: true,
    });
    expect(s.dataDir.endsWith('.data')).toBe(true);
  });

  it('names each bad setting on its own line', () => {
    expect(
      problems({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        IP_RATE_LIMIT: '20 per second',
        LOG_LEVEL: 'loud',
        ADMIN_EMAIL: 'a@b.c',
      }),
    ).toEqual([
      'DATABASE_URL is not valid: expected a postgres:// or postgresql:// URL.',
      'JWT_SECRET is required when DATABASE_URL is set (every instance must share it).',
      'ADMIN_EMAIL and ADMIN_PASSWORD must be set together.',
      "IP_RATE_LIMIT='20 per second' is not valid: expected e.g. '20/s,1200/m,72000/h' or 'off'.",
      "LOG_LEVEL='loud' is not valid: expected one of error, warn, log, debug, verbose.",
      "PORT='eighty' is not valid: expected a whole number from 0 to 65535.",
    ]);
  });

  it('takes SYNC_CONTACT for the User-Agent of source requests, printable and without parentheses', () => {
    expect(loadSettings({ SYNC_CONTACT: 'https://example.org/contact' }).sync.contact).toBe(
      'https://example.org/contact',
    );
    expect(loadSettings({}).sync.contact).toBeNull();
    for (const bad of ['ops (night)', 'x'.repeat(201), 'ops\u00e9@example.org'])
      expect(problems({ SYNC_CONTACT: bad })).toEqual([
        'SYNC_CONTACT is not valid: expected an e-mail address or a URL (printable ASCII, no parentheses, 200 characters at most).',
      ]);
  });

  it('refuses combinations Node or the log writer cannot run with', () => {
    expect(problems({ HEADERS_TIMEOUT_MS: '5000', BODY_TIMEOUT_MS: '3000', LOG_FORMAT: 'xml' })).toEqual([
      "LOG_FORMAT='xml' is not valid: expected json or pretty.",
      'HEADERS_TIMEOUT_MS (5000) must not exceed BODY_TIMEOUT_MS (3000).',
    ]);
  });

  it('takes the listen address from HOST and a metrics token of at least 16 printable characters', () => {
    expect(loadSettings({ HOST: '127.0.0.1', METRICS_TOKEN: 'scrape-0123456789' })).toMatchObject({
      host: '127.0.0.1',
      metricsToken: 'scrape-0123456789',
    });
    expect(loadSettings({ HOST: '::' }).host).toBe('::');
    expect(loadSettings({ HOST: 'api.internal' }).host).toBe('api.internal');
    expect(problems({ HOST: 'http://0.0.0.0', METRICS_TOKEN: 'short' })).toEqual([
      "HOST='http://0.0.0.0' is not valid: expected an IP address (0.0.0.0, 127.0.0.1, ::) or a host name.",
      'METRICS_TOKEN is not valid: use at least 16 printable characters without spaces.',
    ]);
    expect(problems({ METRICS_TOKEN: 'sixteen chars with spaces' })).toEqual([
      'METRICS_TOKEN is not valid: use at least 16 printable characters without spaces.',
    ]);
  });

  it('sends e-mail only with SMTP_URL, which needs PUBLIC_URL for the links', () => {
    expect(loadSettings({}).mail).toEqual({
      smtpUrl: null,
      from: 'Lottery Results <no-reply@localhost>',
      publicUrl: null,
    });
    expect(
      loadSettings({
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        PUBLIC_URL: 'https://lottery.example.com/',
        MAIL_FROM: 'Results <results@example.com>',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'Results <results@example.com>',
      publicUrl: 'https://lottery.example.com',
    });
    expect(problems({ SMTP_URL: 'smtp://mail.example.com' })).toEqual([
      'PUBLIC_URL must be set with SMTP_URL: reset links in e-mails point there.',
    ]);
    expect(
      problems({ SMTP_URL: 'mail.example.com', PUBLIC_URL: 'lottery.example.com', MAIL_FROM: 'me' }),
    ).toEqual([
      'SMTP_URL is not valid: expected smtp://user:password@host:port or smtps://….',
      "PUBLIC_URL='lottery.example.com' is not valid: expected e.g. https://lottery.example.com.",
      'PUBLIC_URL must be set with SMTP_URL: reset links in e-mails point there.',
      "MAIL_FROM='me' is not valid: expected an address, e.g. 'Name <no-reply@example.com>'.",
    ]);
  });

  it('verifies registered addresses by default when it sends e-mail, and never without SMTP_URL', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com', PUBLIC_URL: 'https://lottery.example.com' };
    expect(loadSettings({}).registrationVerifyEmail).toBe(false);
    expect(loadSettings(smtp).registrationVerifyEmail).toBe(true);
    expect(loadSettings({ ...smtp, REGISTRATION_VERIFY_EMAIL: 'false' }).registrationVerifyEmail).toBe(false);
    expect(loadSettings({ REGISTRATION_VERIFY_EMAIL: 'off' }).registrationVerifyEmail).toBe(false);
    expect(problems({ REGISTRATION_VERIFY_EMAIL: 'true' })).toEqual([
      'REGISTRATION_VERIFY_EMAIL=true needs SMTP_URL: its links are sent by e-mail.',
    ]);
    expect(problems({ ...smtp, REGISTRATION_VERIFY_EMAIL: 'maybe' })).toEqual([
      "REGISTRATION_VERIFY_EMAIL='maybe' is not valid: expected true or false.",
    ]);
  });

  it('keeps the lotteries current by default (SYNC on, SYNC=off turns it off) and checks its settings', () => {
    expect(loadSettings({}).sync).toEqual({
      enabled: true,
      allowedHosts: [],
      acceptCorrections: false,
      timeoutMs: 10000,
      contact: null,
      retryMinMs: 300000,
      retryMaxMs: 21600000,
      checkIntervalMs: 60000,
      catchUpPeriods: 12,
    });
    expect(loadSettings({ SYNC_CATCH_UP_PERIODS: '4' }).sync.catchUpPeriods).toBe(4);
    expect(problems({ SYNC_CATCH_UP_PERIODS: '0' })).toHaveLength(1);
    expect(loadSettings({ SYNC: 'on', SYNC_ACCEPT_CORRECTIONS: 'on' }).sync).toMatchObject({
      enabled: true,
      acceptCorrections: true,
    });
    // An empty value is unset (a compose file's `SYNC: ${SYNC:-}`): the default, on.
    expect(loadSettings({ SYNC: '' }).sync.enabled).toBe(true);
    for (const off of ['off', 'OFF', 'false', '0', 'no'])
      expect(loadSettings({ SYNC: off }).sync.enabled).toBe(false);
    expect(problems({ SYNC: 'maybe', SYNC_RETRY_MIN_MS: '5000', SYNC_RETRY_MAX_MS: '1000' })).toEqual([
      "SYNC='maybe' is not valid: expected true or false.",
      'SYNC_RETRY_MIN_MS (5000) must not exceed SYNC_RETRY_MAX_MS (1000).',
    ]);
  });

  it('has abuse limits by default (issue 29), each of them adjustable or, for rate limits, off', () => {
    const s = loadSettings({});
    expect(s.registrationRateLimit).toEqual([
      { limit: 5, windowSeconds: 3600 },
      { limit: 20, windowSeconds: 86400 },
    ]);
    expect(s.importMaxBytes).toBe(4 * 1024 * 1024);
    expect(s.webhooks).toMatchObject({
      manualRateLimit: [
        { limit: 5, windowSeconds: 60 },
        { limit: 50, windowSeconds: 3600 },
      ],
      maxPendingPerSubscription: 100,
      maxPendingPerAccount: 500,
      retentionDays: 30,
    });
    const adjusted = loadSettings({
      REGISTRATION_RATE_LIMIT: 'off',
      WEBHOOK_TEST_RATE_LIMIT: '1/m',
      IMPORT_MAX_BYTES: '65536',
      SYNC_ALLOWED_HOSTS: 'Feeds.Internal, [::1]',
    });
    expect(adjusted.registrationRateLimit).toBeNull();
    expect(adjusted.webhooks.manualRateLimit).toEqual([{ limit: 1, windowSeconds: 60 }]);
    expect(adjusted.importMaxBytes).toBe(65536);
    expect(adjusted.sync.allowedHosts).toEqual(['feeds.internal', '::1']);
    expect(
      problems({
        REGISTRATION_RATE_LIMIT: 'few',
        WEBHOOK_TEST_RATE_LIMIT: '0/m',
        IMPORT_MAX_BYTES: '10',
        SYNC_ALLOWED_HOSTS: 'feeds/internal',
      }),
    ).toEqual([
      "REGISTRATION_RATE_LIMIT='few' is not valid: expected e.g. '5/h,20/d' or 'off'.",
      "WEBHOOK_TEST_RATE_LIMIT='0/m' is not valid: expected e.g. '5/h,20/d' or 'off'.",
      "IMPORT_MAX_BYTES='10' is not valid: expected a whole number from 1024 to 67108864.",
      'SYNC_ALLOWED_HOSTS has invalid hosts: feeds/internal.',
    ]);
  });

  it('logs JSON on a server deployment and readable text on the embedded demo, unless LOG_FORMAT says', () => {
    expect(loadSettings({}).logFormat).toBe('pretty');
    expect(loadSettings({ DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(32) }).logFormat).toBe(
      'json',
    );
    expect(loadSettings({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
  });

  it('reads the optional settings', () => {
    const s = loadSettings({
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 'x'.repeat(32),
      DEFAULT_LICENSE: '',
      IP_RATE_LIMIT: 'off',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      CORS_ORIGINS: 'https://a.example,https://b.example',
      JWT_EXPIRES_IN: '15m',
      ADMIN_EMAIL: 'Admin@Example.com',
      ADMIN_PASSWORD: 'long enough',
    });
    expect(s).toMatchObject({
      defaultLicense: null,
      ipRateLimit: null,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      corsOrigins: ['https://a.example', 'https://b.example'],
      jwtExpiresInSeconds: 900,
      adminEmail: 'admin@example.com',
      createDemoAccount: false,
    });
  });
});

describe('TRUST_PROXY', () => {
  it('refuses `true` in one line that names the setting and what to set instead', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(problems({ TRUST_PROXY: value })).toEqual([
        'TRUST_PROXY=true is refused: it believes any X-Forwarded-For a client writes. Set the number of proxies in front of the service (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8).',
      ]);
    }
  });

  it('takes a hop count, or addresses, CIDRs and the loopback name; none, false, 0 or unset: no proxy', () => {
    expect(loadSettings({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadSettings({ TRUST_PROXY: 'loopback, 172.30.0.0/24, fd00::/8, 10.1.2.3' }).trustProxy).toEqual([
      'loopback',
      '172.30.0.0/24',
      'fd00::/8',
      '10.1.2.3',
    ]);
    for (const none of ['', 'none', 'false', '0'])
      expect(loadSettings({ TRUST_PROXY: none }).trustProxy).toBe(false);
  });

  it('names addresses it cannot read', () => {
    expect(problems({ TRUST_PROXY: '10.0.0.0/8, nginx, 10.0.0.0/99' })).toEqual([
      'TRUST_PROXY has invalid proxies: nginx, 10.0.0.0/99 (expected a hop count, or IP addresses and CIDRs).',
    ]);
  });

  it("turns the per-connection cap off by default behind a proxy (every connection is the proxy's)", () => {
    expect(loadSettings({ TRUST_PROXY: '1' }).maxConnectionsPerClient).toBe(0);
    expect(loadSettings({ TRUST_PROXY: 'loopback' }).maxConnectionsPerClient).toBe(0);
    expect(loadSettings({ TRUST_PROXY: 'none' }).maxConnectionsPerClient).toBe(512);
    expect(loadSettings({}).maxConnectionsPerClient).toBe(512);
  });
});

describe('embeddedDataDir', () => {
  it('names DATA_DIR in a settings error, at once, when the folder cannot be created', () => {
    const settings = loadSettings({ DATA_DIR: '/proc/lrs-no-such-folder' });
    const started = Date.now();
    expect(() => embeddedDataDir(settings)).toThrow(SettingsError);
    expect(() => embeddedDataDir(settings)).toThrow(
      /DATA_DIR \/proc\/lrs-no-such-folder cannot be used: ENOENT/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
