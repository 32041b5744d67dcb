import { isIP } from 'node:net';
import {
  anyOrList,
  choice,
  directory,
  duration,
  flag,
  hostList,
  integer,
  type ParseContext,
  rateWindowsOrOff,
  setting,
  type SettingKind,
  text,
  trustedProxies,
} from './setting-kinds';

/**
 * Every environment variable the service reads (contract section 7), one row each: its kind (what it accepts and
 * how it is read), its default, and one line for operators. loadSettings reads them in this order (a bad value is
 * one line of the error, in this order); README.md's "Settings" table is rendered from it (settings-table.ts):
 * after a change here, regenerate it (see SETTINGS_TABLE_COMMAND).
 */
export const SETTINGS_SCHEMA = {
  DATABASE_URL: setting({
    kind: text('a `postgres://` or `postgresql://` URL', (url, { problem }) => {
      if (url && !/^postgres(ql)?:\/\//.test(url))
        problem(`DATABASE_URL is not valid: expected a postgres:// or postgresql:// URL.`);
    }),
    meaning: 'PostgreSQL server URL; unset → embedded PostgreSQL in `DATA_DIR`',
  }),
  DATA_DIR: setting({
    kind: directory(),
    default: '.data',
    meaning: 'embedded database and the generated JWT secret',
  }),
  DATABASE_QUERY_TIMEOUT_MS: setting({
    kind: integer(0, 600_000),
    default: '0',
    shownDefault: '`0`: 3000 on a server, 10000 embedded',
    meaning:
      'a query unanswered this long (a hung server, a network partition) cuts its connection: 503 within about this; `0` = the default',
  }),
  REDIS_URL: setting({
    kind: text('a `redis://` or `rediss://` URL', (url, { problem }) => {
      if (url && !/^rediss?:\/\//.test(url))
        problem(`REDIS_URL is not valid: expected a redis:// or rediss:// URL.`);
    }),
    meaning: 'shared quota and rate-limit counters for several instances; unset → in-process',
  }),
  JWT_SECRET: setting({
    kind: text('≥ 32 characters', (secret, { text, problem }) => {
      if (secret && secret.length < 32) problem(`JWT_SECRET is too short: use at least 32 characters.`);
      if (!secret && text('DATABASE_URL'))
        problem(`JWT_SECRET is required when DATABASE_URL is set (every instance must share it).`);
    }),
    shownDefault: 'generated',
    meaning:
      'signs sessions; required with `DATABASE_URL` (all instances must share it); unset → generated once in `DATA_DIR`',
  }),
  JWT_EXPIRES_IN: setting({ kind: duration(), default: '1h', meaning: 'access-token lifetime' }),
  DEFAULT_LICENSE: setting({
    kind: text('a license name (`a-z`, `0-9`, `_`, `-`)', (license, { problem }) => {
      if (license && !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(license))
        problem(`DEFAULT_LICENSE='${license}' is not a valid license name.`);
    }),
    default: 'free',
    blankIsNone: true,
    meaning: 'license of new accounts; empty = none',
  }),
  MAX_TOKENS_PER_ACCOUNT: setting({
    kind: integer(1, 1000),
    default: '10',
    meaning: 'API tokens per account',
  }),
  ADMIN_EMAIL: setting({
    kind: adminEmail(),
    meaning: 'create this administrator at start-up if it does not exist; set with `ADMIN_PASSWORD`',
  }),
  ADMIN_PASSWORD: setting({
    kind: text('≥ 8 characters', (password, { problem }) => {
      if (password && password.length < 8) problem(`ADMIN_PASSWORD is too short: use at least 8 characters.`);
    }),
    meaning: "that administrator's password",
  }),
  CREATE_DEMO_ACCOUNT: setting({
    kind: flag(),
    default: ({ text }) => (text('ADMIN_EMAIL') ? 'off' : 'on'),
    shownDefault: '`on` unless `ADMIN_EMAIL` is set',
    meaning: 'create `demo@example.com` and print its token once',
  }),
  LOAD_BUNDLED_DATA: setting({
    kind: flag(),
    default: 'on',
    meaning:
      'load the bundled draws into an empty database, and each lottery added to the bundle since into one that holds others',
  }),
  IP_RATE_LIMIT: setting({
    kind: rateWindowsOrOff('20/s,1200/m,72000/h'),
    default: '20/s,1200/m,72000/h',
    meaning:
      'per-client-IP limits on every route but `/health/*`, counted as a request arrives, before its body is read',
  }),
  REGISTRATION_RATE_LIMIT: setting({
    kind: rateWindowsOrOff('5/h,20/d'),
    default: '5/h,20/d',
    meaning:
      'registrations per client IP, counted once the body is valid (a refused password does not count), before any hashing',
  }),
  WEBHOOK_TEST_RATE_LIMIT: setting({
    kind: rateWindowsOrOff('5/h,20/d'),
    default: '5/m,50/h',
    meaning: 'webhook test sends and redeliveries per account (shared through Redis)',
  }),
  IMPORT_MAX_BYTES: setting({
    kind: integer(1024, 64 * 1024 * 1024),
    default: String(4 * 1024 * 1024),
    meaning:
      'the largest admin CSV import body (JSON routes have fixed limits: see "Limits for a public service")',
  }),
  LOG_LEVEL: setting({
    kind: choice(['error', 'warn', 'log', 'debug', 'verbose'], { info: 'log' }),
    default: 'log',
    meaning: 'how much is logged; from `log` on, one access line per request',
  }),
  LOG_FORMAT: setting({
    kind: choice(['json', 'pretty']),
    default: ({ text }) => (text('DATABASE_URL') ? 'json' : 'pretty'),
    shownDefault: '`json` with `DATABASE_URL`, else `pretty`',
    meaning: '`json`: one object per line (for log collectors); `pretty`: readable text',
  }),
  PORT: setting({ kind: integer(0, 65535), default: '3000', meaning: 'HTTP port' }),
  HOST: setting({
    kind: text('an IP address or a host name', (host, { problem }) => {
      if (
        host &&
        !isIP(host) &&
        !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host)
      )
        problem(
          `HOST='${host}' is not valid: expected an IP address (0.0.0.0, 127.0.0.1, ::) or a host name.`,
        );
    }),
    default: '0.0.0.0',
    meaning: 'listen address: every interface; `127.0.0.1` for this machine only; `::` for IPv6',
  }),
  METRICS_TOKEN: setting({
    kind: text('≥ 16 printable characters, no spaces', (token, { problem }) => {
      if (token && (token.length < 16 || !/^[\x21-\x7e]+$/.test(token)))
        problem(`METRICS_TOKEN is not valid: use at least 16 printable characters without spaces.`);
    }),
    meaning:
      '`/metrics` then needs `Authorization: Bearer <token>`; unset → answered to clients on this machine only (403 to others)',
  }),
  TRUST_PROXY: setting({
    kind: trustedProxies(),
    meaning:
      'proxies whose `X-Forwarded-For` to believe: the client is the address the outermost one saw; `true` is refused',
  }),
  CORS_ORIGINS: setting({
    kind: anyOrList('`*` or origins, comma-separated'),
    default: '*',
    meaning:
      "browser origins allowed to read answers; `*`: any, but a logged-in account's routes and `/mcp` answer listed origins only",
  }),
  REQUEST_TIMEOUT_MS: setting({
    kind: integer(100),
    default: '15000',
    meaning: 'longer handlers are answered with 408',
  }),
  HEADERS_TIMEOUT_MS: setting({
    kind: integer(100),
    default: '10000',
    meaning:
      'a client must send all its headers within this, else 408 and the connection closes; at most `BODY_TIMEOUT_MS`',
  }),
  BODY_TIMEOUT_MS: setting({
    kind: integer(100),
    default: '30000',
    meaning: 'the whole request (headers and body) must arrive within this, else 408',
  }),
  MAX_CONNECTIONS_PER_CLIENT: setting({
    kind: integer(0),
    // Behind a proxy every client shares its address.
    default: ({ text }) => (/^(false|none|0)?$/i.test(text('TRUST_PROXY') ?? '') ? '512' : '0'),
    shownDefault: '`512`; `0` with `TRUST_PROXY` set',
    meaning: 'open connections per client address; more get 429 at once; `0` = no cap',
  }),
  SHUTDOWN_TIMEOUT_MS: setting({
    kind: integer(0),
    default: '10000',
    meaning: 'on SIGTERM, how long requests in flight may take before connections are closed',
  }),
  USAGE_FLUSH_INTERVAL_MS: setting({
    kind: integer(10),
    default: '2000',
    meaning: 'how often metered usage is written back to PostgreSQL',
  }),
  CREDENTIALS_CACHE_TTL_MS: setting({
    kind: integer(0),
    default: '10000',
    meaning: 'how long token owners and account snapshots are cached (changes reach them at once)',
  }),
  SYNC: setting({
    kind: flag(),
    default: 'on',
    meaning:
      '`off`: this instance does not poll the draw sources; on, one instance at a time polls (by lease), first a few seconds after start',
  }),
  SYNC_ACCEPT_CORRECTIONS: setting({
    kind: flag(),
    default: 'off',
    meaning: '`on`: a fetched draw that differs is written (logged) instead of a conflict',
  }),
  SYNC_TIMEOUT_MS: setting({
    kind: integer(100, 600000),
    default: '10000',
    meaning: 'per-request deadline when fetching a source (headers and body)',
  }),
  SYNC_RETRY_MIN_MS: setting({
    kind: integer(10),
    default: '300000',
    meaning:
      'first retry after an expected draw is not found; doubles, with ±20% jitter; at most `SYNC_RETRY_MAX_MS`',
  }),
  SYNC_RETRY_MAX_MS: setting({
    kind: integer(10),
    default: '21600000',
    meaning:
      'longest delay between two polls of a source still missing a draw or failing (6 h: a few requests a day, not one per check)',
  }),
  SYNC_CATCH_UP_PERIODS: setting({
    kind: integer(1, 520),
    default: '12',
    meaning:
      "most periods (`{isoWeek}`, `{year}` in a URL) one sync asks for, oldest first from the last draw's; the next one goes on",
  }),
  SYNC_CHECK_INTERVAL_MS: setting({
    kind: integer(10),
    default: '60000',
    meaning:
      'how often the scheduler looks for sources that are due (the first look comes 5 s after start, or sooner)',
  }),
  SYNC_ALLOWED_HOSTS: setting({
    kind: hostList(),
    meaning:
      "hosts that sources may be fetched from over plain http and at private addresses (the operator's own)",
  }),
  SYNC_CONTACT: setting({
    kind: text(
      'an e-mail address or a URL: printable ASCII, no parentheses, ≤ 200 characters',
      (contact, c) => {
        // It goes inside the User-Agent's comment.
        if (contact && (contact.length > 200 || !/^[\x20-\x7e]+$/.test(contact) || /[()\\]/.test(contact)))
          c.problem(
            'SYNC_CONTACT is not valid: expected an e-mail address or a URL (printable ASCII, no parentheses, 200 characters at most).',
          );
      },
    ),
    meaning: 'sent in the User-Agent of every source request, so that operators can reach you',
  }),
  WEBHOOK_ALLOWED_HOSTS: setting({
    kind: hostList(),
    meaning: 'hosts that may be webhook targets over plain http and at private addresses',
  }),
  MAX_WEBHOOKS_PER_ACCOUNT: setting({
    kind: integer(1, 1000),
    default: '10',
    meaning: 'webhook subscriptions per account',
  }),
  WEBHOOK_MAX_PENDING_PER_SUBSCRIPTION: setting({
    kind: integer(1, 100000),
    default: '100',
    meaning:
      'deliveries waiting per subscription; past it a test or redelivery gets 429 and a draw event\'s delivery is written `failed` ("Not sent: …")',
  }),
  WEBHOOK_MAX_PENDING_PER_ACCOUNT: setting({
    kind: integer(1, 1000000),
    default: '500',
    meaning: 'the same, per account across its subscriptions',
  }),
  WEBHOOK_RETENTION_DAYS: setting({
    kind: integer(1, 3650),
    default: '30',
    meaning: 'delivered and failed deliveries and their events are deleted after this; pending ones never',
  }),
  WEBHOOK_TIMEOUT_MS: setting({
    kind: integer(100, 60000),
    default: '10000',
    meaning: 'per-delivery deadline (connect, send, answer)',
  }),
  WEBHOOK_POLL_INTERVAL_MS: setting({
    kind: integer(10, 60000),
    default: '1000',
    meaning: 'how often each instance looks for deliveries that are due',
  }),
  WEBHOOK_RETRY_BASE_MS: setting({
    kind: integer(10),
    default: '10000',
    meaning: 'first retry of a failed delivery; doubles per attempt, with jitter, up to an hour',
  }),
  WEBHOOK_RETRY_HORIZON_MS: setting({
    kind: integer(100),
    default: '86400000',
    meaning: 'how long a delivery is retried before it fails and its subscription is disabled',
  }),
  CHANGES_RETENTION_DAYS: setting({
    kind: integer(1, 3650),
    default: '90',
    meaning:
      'draw events stay in the change feed (`GET /changes`) this long; a cursor older than that gets 410 (export again)',
  }),
  SMTP_URL: setting({
    kind: text('`smtp://user:pass@host:587` or `smtps://…`', (url, { problem }) => {
      if (url && !/^smtps?:\/\/[^\s/]+/i.test(url))
        problem(`SMTP_URL is not valid: expected smtp://user:password@host:port or smtps://….`);
    }),
    meaning:
      'password-reset and e-mail-change links by e-mail; unset → administrators create reset links instead, and ' +
      'an e-mail change applies at once',
  }),
  PUBLIC_URL: setting({
    kind: publicUrl(),
    meaning:
      "the address clients reach (links in e-mails point there; its host's pages may call `/mcp`); required with `SMTP_URL`",
  }),
  MAIL_FROM: setting({
    kind: text('an address, e.g. `Name <no-reply@example.com>`', (from, { problem }) => {
      if (from && !/@[^\s@>]+>?$/.test(from))
        problem(`MAIL_FROM='${from}' is not valid: expected an address, e.g. 'Name <no-reply@example.com>'.`);
    }),
    default: 'Lottery Results <no-reply@localhost>',
    meaning: 'the sender of those e-mails',
  }),
  REGISTRATION_VERIFY_EMAIL: setting({
    kind: needsSmtp(flag()),
    default: ({ text }) => (text('SMTP_URL') ? 'true' : 'false'),
    shownDefault: '`true` with `SMTP_URL`, else `false`',
    meaning:
      'a registered account receives `DEFAULT_LICENSE` only once it opens the link e-mailed to its address; needs `SMTP_URL`',
  }),
};

/** A flag that can be on only with SMTP_URL: what it does goes by e-mail. */
function needsSmtp(kind: SettingKind<boolean>): SettingKind<boolean> {
  return {
    accepts: kind.accepts,
    parse(value, context) {
      const on = kind.parse(value, context);
      if (on && !context.text('SMTP_URL'))
        context.problem(`${context.name}=true needs SMTP_URL: its links are sent by e-mail.`);
      return on;
    },
  };
}

/** ADMIN_EMAIL, lower-cased; it needs ADMIN_PASSWORD (and the password it). */
function adminEmail(): SettingKind<string | null> {
  return {
    accepts: 'an e-mail address',
    parse(email, { text, problem }: ParseContext) {
      if (Boolean(email) !== Boolean(text('ADMIN_PASSWORD')))
        problem(`ADMIN_EMAIL and ADMIN_PASSWORD must be set together.`);
      if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) problem(`ADMIN_EMAIL is not an email address.`);
      return email?.toLowerCase() ?? null;
    },
  };
}

/** PUBLIC_URL: an http(s) origin, optionally with a path prefix; kept without its trailing slash. */
function publicUrl(): SettingKind<string | null> {
  return {
    accepts: 'an `http(s)://` URL, optionally with a path',
    parse(raw, { text, problem }) {
      const url = raw === null ? null : parsePublicUrl(raw);
      if (raw !== null && url === null)
        problem(`PUBLIC_URL='${raw}' is not valid: expected e.g. https://lottery.example.com.`);
      if (text('SMTP_URL') && !url)
        problem(`PUBLIC_URL must be set with SMTP_URL: reset links in e-mails point there.`);
      return url;
    },
  };
}

function parsePublicUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash)
      return url.href.replace(/\/+$/, '');
  } catch {
    // not a URL
  }
  return null;
}
