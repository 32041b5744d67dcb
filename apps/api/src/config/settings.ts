import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWritableDirectory } from '../common/fs/directory';
import { type Env, type RateWindow, readSettings } from './setting-kinds';
import { SETTINGS_SCHEMA } from './settings-schema';

export { parseRateWindows, type RateWindow } from './setting-kinds';

export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

/** Every setting the service reads, validated once at boot (contract section 7). */
export interface Settings {
  port: number;
  /** The address the HTTP server listens on: every interface (`0.0.0.0`) by default, `127.0.0.1` for this host only. */
  host: string;
  /** When set, `GET /metrics` requires it as a bearer token (Prometheus `authorization` credentials). */
  metricsToken: string | null;
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  jwtSecret: string | null;
  jwtExpiresInSeconds: number;
  defaultLicense: string | null;
  maxTokensPerAccount: number;
  adminEmail: string | null;
  adminPassword: string | null;
  ipRateLimit: RateWindow[] | null;
  /** Registrations per client IP (contract section 3's abuse limits); null with `off`. */
  registrationRateLimit: RateWindow[] | null;
  /**
   * Registration waits for the address to be verified (a link by e-mail) before it grants DEFAULT_LICENSE, so that
   * free licenses go to real addresses. Only with SMTP_URL.
   */
  registrationVerifyEmail: boolean;
  /** The largest admin CSV import body, in bytes (JSON routes have fixed limits of their own). */
  importMaxBytes: number;
  /** Fastify's trustProxy: no proxy, a hop count, or the proxies' addresses (never every hop: see trustedProxies). */
  trustProxy: false | number | string[];
  corsOrigins: string[] | '*';
  logLevel: LogLevel;
  /** `json` (one object per line, for log collectors) or `pretty` (readable text, the embedded demo's default). */
  logFormat: 'json' | 'pretty';
  /** Load the bundled draw histories into an empty database at start-up. */
  loadBundledData: boolean;
  /** Create a demo account and print its token when no admin is configured. */
  createDemoAccount: boolean;
  requestTimeoutMs: number;
  /** Bound on each query once the service is up; 0 = the engine's default (3 s on a server, 10 s embedded). */
  databaseQueryTimeoutMs: number;
  /** A client must have sent all its headers within this time (slow-header clients are answered 408). */
  headersTimeoutMs: number;
  /** A client must have sent its whole request, body included, within this time. */
  bodyTimeoutMs: number;
  /** Open connections allowed per peer address; 0 = no cap (the default behind a trusted proxy). */
  maxConnectionsPerClient: number;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed. */
  shutdownTimeoutMs: number;
  /** How often metered usage and token last-use times are written back to PostgreSQL. */
  usageFlushIntervalMs: number;
  /** How long token owners and account snapshots stay cached (writes invalidate at once). */
  credentialsCacheTtlMs: number;
  /**
   * Ingestion from the operators' publications (issues 11, 31): on unless SYNC=off, so that a started service keeps
   * its lotteries current; tests, benchmarks and the command-line tool turn it off.
   */
  sync: SyncSettings;
  /** Signed webhooks to account holders (issue 12). */
  webhooks: WebhookSettings;
  /** The public change feed (issue 46): events are kept this many days; an older cursor is answered 410. */
  changes: { retentionDays: number };
  /** Password-reset e-mail (issue 21). */
  mail: MailSettings;
}

export interface MailSettings {
  /** `smtp://user:pass@host:587` or `smtps://…`; null = no e-mail: administrators create reset links instead. */
  smtpUrl: string | null;
  /** The sender of every message, e.g. `Lottery Results <no-reply@example.com>`. */
  from: string;
  /**
   * The address clients reach the service at (links in e-mails point there). Required with SMTP_URL: a link
   * must never be built from a request's Host header, which a client chooses.
   */
  publicUrl: string | null;
}

export interface WebhookSettings {
  /** Hosts that may be targets over plain http and at private addresses (e.g. 127.0.0.1 for tests). */
  allowedHosts: string[];
  maxPerAccount: number;
  /** Test sends and redeliveries per account (429 beyond); null with `off`. */
  manualRateLimit: RateWindow[] | null;
  /** Deliveries waiting (pending or retrying) per subscription, and per account across its subscriptions. */
  maxPendingPerSubscription: number;
  maxPendingPerAccount: number;
  /** Delivered, failed and dropped deliveries, and events, are deleted after this many days. */
  retentionDays: number;
  /** Per-delivery timeout. */
  timeoutMs: number;
  /** How often each instance looks for deliveries that are due. */
  pollIntervalMs: number;
  /** First retry delay (doubles per attempt, with jitter, up to an hour). */
  retryBaseMs: number;
  /** A delivery is retried for this long before it fails (and its subscription is disabled). */
  retryHorizonMs: number;
}

export interface SyncSettings {
  /** Whether this instance runs the scheduler (one instance polls at a time, under a lease); on by default. */
  enabled: boolean;
  /** Hosts that sources may be fetched from over plain http and at private addresses (the operator's own). */
  allowedHosts: string[];
  /** Write a fetched draw that differs from the stored one (logged as a correction) instead of recording a conflict. */
  acceptCorrections: boolean;
  /** Per-request timeout when fetching a source. */
  timeoutMs: number;
  /**
   * How the operators can reach whoever runs this service (an e-mail address or a URL), sent in the User-Agent of
   * every source request; null when not set.
   */
  contact: string | null;
  /** First retry delay after an expected draw is not found (doubles per attempt, with jitter). */
  retryMinMs: number;
  /**
   * Longest retry delay (6 hours by default): a source that stays unreachable, or a lottery whose source stays
   * behind, is asked a few times a day, not at every check.
   */
  retryMaxMs: number;
  /** How often the scheduler looks for sources that are due (the first look comes sooner: see SyncScheduler). */
  checkIntervalMs: number;
  /** The most periods one sync asks a URL naming a period for ({isoWeek}, {year}: catch-up), oldest first. */
  catchUpPeriods: number;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads and validates the environment (every variable of SETTINGS_SCHEMA, in its order, then the rules across
 * settings); throws SettingsError with one line per bad setting.
 */
export function loadSettings(env: Env = process.env): Settings {
  const { values: v, problems } = readSettings(SETTINGS_SCHEMA, env);
  const settings: Settings = {
    port: v.PORT,
    host: v.HOST as string, // HOST and MAIL_FROM have defaults: never null
    metricsToken: v.METRICS_TOKEN,
    databaseUrl: v.DATABASE_URL,
    databaseQueryTimeoutMs: v.DATABASE_QUERY_TIMEOUT_MS,
    dataDir: v.DATA_DIR,
    redisUrl: v.REDIS_URL,
    jwtSecret: v.JWT_SECRET,
    jwtExpiresInSeconds: v.JWT_EXPIRES_IN,
    defaultLicense: v.DEFAULT_LICENSE,
    maxTokensPerAccount: v.MAX_TOKENS_PER_ACCOUNT,
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    ipRateLimit: v.IP_RATE_LIMIT,
    registrationRateLimit: v.REGISTRATION_RATE_LIMIT,
    registrationVerifyEmail: v.REGISTRATION_VERIFY_EMAIL,
    importMaxBytes: v.IMPORT_MAX_BYTES,
    trustProxy: v.TRUST_PROXY,
    corsOrigins: v.CORS_ORIGINS,
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT,
    loadBundledData: v.LOAD_BUNDLED_DATA,
    createDemoAccount: v.CREATE_DEMO_ACCOUNT,
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: v.HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: v.BODY_TIMEOUT_MS,
    maxConnectionsPerClient: v.MAX_CONNECTIONS_PER_CLIENT,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    usageFlushIntervalMs: v.USAGE_FLUSH_INTERVAL_MS,
    credentialsCacheTtlMs: v.CREDENTIALS_CACHE_TTL_MS,
    sync: {
      enabled: v.SYNC,
      allowedHosts: v.SYNC_ALLOWED_HOSTS,
      acceptCorrections: v.SYNC_ACCEPT_CORRECTIONS,
      timeoutMs: v.SYNC_TIMEOUT_MS,
      contact: v.SYNC_CONTACT,
      retryMinMs: v.SYNC_RETRY_MIN_MS,
      retryMaxMs: v.SYNC_RETRY_MAX_MS,
      checkIntervalMs: v.SYNC_CHECK_INTERVAL_MS,
      catchUpPeriods: v.SYNC_CATCH_UP_PERIODS,
    },
    webhooks: {
      allowedHosts: v.WEBHOOK_ALLOWED_HOSTS,
      maxPerAccount: v.MAX_WEBHOOKS_PER_ACCOUNT,
      manualRateLimit: v.WEBHOOK_TEST_RATE_LIMIT,
      maxPendingPerSubscription: v.WEBHOOK_MAX_PENDING_PER_SUBSCRIPTION,
      maxPendingPerAccount: v.WEBHOOK_MAX_PENDING_PER_ACCOUNT,
      retentionDays: v.WEBHOOK_RETENTION_DAYS,
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
      pollIntervalMs: v.WEBHOOK_POLL_INTERVAL_MS,
      retryBaseMs: v.WEBHOOK_RETRY_BASE_MS,
      retryHorizonMs: v.WEBHOOK_RETRY_HORIZON_MS,
    },
    changes: { retentionDays: v.CHANGES_RETENTION_DAYS },
    mail: { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM as string, publicUrl: v.PUBLIC_URL },
  };
  // Node's HTTP server refuses to start otherwise: a whole request cannot take less time than its headers.
  if (settings.headersTimeoutMs > settings.bodyTimeoutMs)
    problems.push(
      `HEADERS_TIMEOUT_MS (${settings.headersTimeoutMs}) must not exceed BODY_TIMEOUT_MS (${settings.bodyTimeoutMs}).`,
    );
  if (settings.sync.retryMinMs > settings.sync.retryMaxMs)
    problems.push(
      `SYNC_RETRY_MIN_MS (${settings.sync.retryMinMs}) must not exceed SYNC_RETRY_MAX_MS (${settings.sync.retryMaxMs}).`,
    );
  if (problems.length) throw new SettingsError(problems);
  return settings;
}

/**
 * The embedded engine's folder in DATA_DIR, created; a settings error naming DATA_DIR when it cannot be (at once,
 * rather than a failure deep in the engine's start).
 */
export function embeddedDataDir(settings: Settings): string {
  const dir = join(settings.dataDir, 'pg');
  try {
    makeWritableDirectory(dir);
  } catch (error) {
    throw new SettingsError([`DATA_DIR ${settings.dataDir} cannot be used: ${(error as Error).message}`]);
  }
  return dir;
}

/** In embedded mode the JWT secret is generated once and kept in DATA_DIR so restarts keep sessions valid. */
export function resolveJwtSecret(settings: Settings): string {
  if (settings.jwtSecret) return settings.jwtSecret;
  makeWritableDirectory(settings.dataDir);
  const file = join(settings.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A key of its own for `purpose` (HKDF-SHA256 of the JWT secret): every instance that shares JWT_SECRET derives
 * the same one, and no purpose's key tells anything about the secret or another purpose's key.
 */
export function derivedKey(settings: Settings, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', resolveJwtSecret(settings), Buffer.alloc(0), purpose, 32));
}
