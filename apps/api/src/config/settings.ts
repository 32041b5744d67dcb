import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { makeWritableDirectory } from '../common/fs/directory';

/** A rate-limit window: at most `limit` requests per `windowSeconds`. */
export interface RateWindow {
  limit: number;
  windowSeconds: number;
}

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
  /** The largest admin CSV import body, in bytes (JSON routes have fixed limits of their own). */
  importMaxBytes: number;
  trustProxy: boolean | number | string[];
  corsOrigins: string[] | '*';
  logLevel: LogLevel;
  /** `json` (one object per line, for log collectors) or `pretty` (readable text, the embedded demo's default). */
  logFormat: 'json' | 'pretty';
  /** Load the bundled draw histories into an empty database at start-up. */
  loadBundledData: boolean;
  /** Create a demo account and print its token when no admin is configured. */
  createDemoAccount: boolean;
  requestTimeoutMs: number;
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
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];
const WINDOW_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Reads and validates the environment; throws SettingsError with one line per bad setting. */
export function loadSettings(env: Env = process.env): Settings {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const integer = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name}='${raw}' is not valid: expected a whole number from ${min} to ${max}.`);
      return fallback;
    }
    return Number(raw);
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined || raw === null) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name}='${raw}' is not valid: expected true or false.`);
    return fallback;
  };

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL is not valid: expected a postgres:// or postgresql:// URL.`);
  }
  const redisUrl = text('REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    problems.push(`REDIS_URL is not valid: expected a redis:// or rediss:// URL.`);
  }
  const dataDir = resolve(text('DATA_DIR') ?? '.data');

  const jwtSecret = text('JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) {
    problems.push(`JWT_SECRET is too short: use at least 32 characters.`);
  }
  if (!jwtSecret && databaseUrl) {
    problems.push(`JWT_SECRET is required when DATABASE_URL is set (every instance must share it).`);
  }

  const expires = parseDuration(text('JWT_EXPIRES_IN') ?? '1h');
  if (expires === null)
    problems.push(`JWT_EXPIRES_IN='${env.JWT_EXPIRES_IN}' is not valid: expected e.g. 3600, 15m, 1h or 7d.`);

  const defaultLicense = env.DEFAULT_LICENSE === undefined ? 'free' : env.DEFAULT_LICENSE.trim() || null;
  if (defaultLicense && !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(defaultLicense)) {
    problems.push(`DEFAULT_LICENSE='${defaultLicense}' is not a valid license name.`);
  }

  const adminEmail = text('ADMIN_EMAIL');
  const adminPassword = text('ADMIN_PASSWORD');
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    problems.push(`ADMIN_EMAIL and ADMIN_PASSWORD must be set together.`);
  }
  if (adminEmail && !/^[^\s@]+@[^\s@]+$/.test(adminEmail))
    problems.push(`ADMIN_EMAIL is not an email address.`);
  if (adminPassword && adminPassword.length < 8)
    problems.push(`ADMIN_PASSWORD is too short: use at least 8 characters.`);

  const ipRaw = text('IP_RATE_LIMIT') ?? '20/s,1200/m,72000/h';
  const ipRateLimit = ipRaw.toLowerCase() === 'off' ? null : parseRateWindows(ipRaw);
  if (ipRateLimit && ipRateLimit.length === 0) {
    problems.push(`IP_RATE_LIMIT='${ipRaw}' is not valid: expected e.g. '20/s,1200/m,72000/h' or 'off'.`);
  }

  const registrationRaw = text('REGISTRATION_RATE_LIMIT') ?? '5/h,20/d';
  const registrationRateLimit = rateWindowsOrOff('REGISTRATION_RATE_LIMIT', registrationRaw, problems);
  const webhookManualRaw = text('WEBHOOK_TEST_RATE_LIMIT') ?? '5/m,50/h';
  const webhookManualRateLimit = rateWindowsOrOff('WEBHOOK_TEST_RATE_LIMIT', webhookManualRaw, problems);

  const host = text('HOST') ?? '0.0.0.0';
  if (!isIP(host) && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host))
    problems.push(
      `HOST='${host}' is not valid: expected an IP address (0.0.0.0, 127.0.0.1, ::) or a host name.`,
    );
  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken)))
    problems.push(`METRICS_TOKEN is not valid: use at least 16 printable characters without spaces.`);

  const smtpUrl = text('SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\/[^\s/]+/i.test(smtpUrl))
    problems.push(`SMTP_URL is not valid: expected smtp://user:password@host:port or smtps://….`);
  const publicUrl = parsePublicUrl(text('PUBLIC_URL'), problems);
  if (smtpUrl && !publicUrl)
    problems.push(`PUBLIC_URL must be set with SMTP_URL: reset links in e-mails point there.`);
  const mailFrom = text('MAIL_FROM') ?? 'Lottery Results <no-reply@localhost>';
  if (!/@[^\s@>]+>?$/.test(mailFrom))
    problems.push(
      `MAIL_FROM='${mailFrom}' is not valid: expected an address, e.g. 'Name <no-reply@example.com>'.`,
    );

  const logLevelRaw = (text('LOG_LEVEL') ?? 'log').toLowerCase();
  const logLevel = (logLevelRaw === 'info' ? 'log' : logLevelRaw) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL='${logLevelRaw}' is not valid: expected one of ${LOG_LEVELS.join(', ')}.`);

  const logFormat = (text('LOG_FORMAT') ?? (databaseUrl ? 'json' : 'pretty')).toLowerCase();
  if (logFormat !== 'json' && logFormat !== 'pretty')
    problems.push(`LOG_FORMAT='${logFormat}' is not valid: expected json or pretty.`);

  const settings: Settings = {
    port: integer('PORT', 3000, 0, 65535),
    host,
    metricsToken,
    databaseUrl,
    dataDir,
    redisUrl,
    jwtSecret,
    jwtExpiresInSeconds: expires ?? 3600,
    defaultLicense,
    maxTokensPerAccount: integer('MAX_TOKENS_PER_ACCOUNT', 10, 1, 1000),
    adminEmail: adminEmail?.toLowerCase() ?? null,
    adminPassword,
    ipRateLimit: ipRateLimit && ipRateLimit.length ? ipRateLimit : null,
    registrationRateLimit,
    importMaxBytes: integer('IMPORT_MAX_BYTES', 4 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    trustProxy: parseTrustProxy(text('TRUST_PROXY')),
    corsOrigins: parseCors(text('CORS_ORIGINS')),
    logLevel,
    logFormat: logFormat as Settings['logFormat'],
    loadBundledData: flag('LOAD_BUNDLED_DATA', true),
    createDemoAccount: flag('CREATE_DEMO_ACCOUNT', !adminEmail),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 15000, 100),
    headersTimeoutMs: integer('HEADERS_TIMEOUT_MS', 10000, 100),
    bodyTimeoutMs: integer('BODY_TIMEOUT_MS', 30000, 100),
    maxConnectionsPerClient: integer('MAX_CONNECTIONS_PER_CLIENT', text('TRUST_PROXY') ? 0 : 512, 0),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10000, 0),
    usageFlushIntervalMs: integer('USAGE_FLUSH_INTERVAL_MS', 2000, 10),
    credentialsCacheTtlMs: integer('CREDENTIALS_CACHE_TTL_MS', 10000, 0),
    sync: {
      enabled: flag('SYNC', true),
      allowedHosts: parseHostList('SYNC_ALLOWED_HOSTS', text('SYNC_ALLOWED_HOSTS'), problems),
      acceptCorrections: flag('SYNC_ACCEPT_CORRECTIONS', false),
      timeoutMs: integer('SYNC_TIMEOUT_MS', 10000, 100, 600000),
      contact: syncContact(text('SYNC_CONTACT'), problems),
      retryMinMs: integer('SYNC_RETRY_MIN_MS', 300000, 10),
      retryMaxMs: integer('SYNC_RETRY_MAX_MS', 21600000, 10),
      checkIntervalMs: integer('SYNC_CHECK_INTERVAL_MS', 60000, 10),
    },
    webhooks: {
      allowedHosts: parseHostList('WEBHOOK_ALLOWED_HOSTS', text('WEBHOOK_ALLOWED_HOSTS'), problems),
      maxPerAccount: integer('MAX_WEBHOOKS_PER_ACCOUNT', 10, 1, 1000),
      manualRateLimit: webhookManualRateLimit,
      maxPendingPerSubscription: integer('WEBHOOK_MAX_PENDING_PER_SUBSCRIPTION', 100, 1, 100000),
      maxPendingPerAccount: integer('WEBHOOK_MAX_PENDING_PER_ACCOUNT', 500, 1, 1000000),
      retentionDays: integer('WEBHOOK_RETENTION_DAYS', 30, 1, 3650),
      timeoutMs: integer('WEBHOOK_TIMEOUT_MS', 10000, 100, 60000),
      pollIntervalMs: integer('WEBHOOK_POLL_INTERVAL_MS', 1000, 10, 60000),
      retryBaseMs: integer('WEBHOOK_RETRY_BASE_MS', 10000, 10),
      retryHorizonMs: integer('WEBHOOK_RETRY_HORIZON_MS', 86_400_000, 100),
    },
    mail: { smtpUrl, from: mailFrom, publicUrl },
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

function parseDuration(raw: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(raw);
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * (WINDOW_UNITS[match[2].toLowerCase() || 's'] ?? 1);
}

/** '20/s,1200/m,72000/h' → windows; an empty array means the text was not valid. */
export function parseRateWindows(raw: string): RateWindow[] {
  const windows: RateWindow[] = [];
  for (const part of raw.split(',')) {
    const match = /^\s*(\d+)\s*\/\s*([smhd])\s*$/i.exec(part);
    if (!match || Number(match[1]) < 1) return [];
    windows.push({ limit: Number(match[1]), windowSeconds: WINDOW_UNITS[match[2].toLowerCase()] });
  }
  return windows;
}

/** PUBLIC_URL: an http(s) origin, optionally with a path prefix; kept without its trailing slash. */
function parsePublicUrl(raw: string | null, problems: string[]): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash)
      return url.href.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`PUBLIC_URL='${raw}' is not valid: expected e.g. https://lottery.example.com.`);
  return null;
}

/** `name`'s windows ('5/h,20/d'), or null for `off`; a problem when the text is neither. */
function rateWindowsOrOff(name: string, raw: string, problems: string[]): RateWindow[] | null {
  if (raw.toLowerCase() === 'off') return null;
  const windows = parseRateWindows(raw);
  if (windows.length === 0)
    problems.push(`${name}='${raw}' is not valid: expected e.g. '5/h,20/d' or 'off'.`);
  return windows.length ? windows : null;
}

/** SYNC_CONTACT: printable ASCII without parentheses (it goes inside the User-Agent's comment), 200 at most. */
function syncContact(value: string | null, problems: string[]): string | null {
  if (value === null) return null;
  if (value.length > 200 || !/^[\x20-\x7e]+$/.test(value) || /[()\\]/.test(value)) {
    problems.push(
      'SYNC_CONTACT is not valid: expected an e-mail address or a URL (printable ASCII, no parentheses, 200 characters at most).',
    );
    return null;
  }
  return value;
}

/** WEBHOOK_ALLOWED_HOSTS, SYNC_ALLOWED_HOSTS: comma-separated host names or IP addresses, compared lower-cased. */
function parseHostList(name: string, raw: string | null, problems: string[]): string[] {
  if (!raw) return [];
  const hosts = raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.filter((host) => !/^[a-z0-9.:[\]-]+$/.test(host));
  if (bad.length) problems.push(`${name} has invalid hosts: ${bad.join(', ')}.`);
  return hosts.map((host) => host.replace(/^\[(.*)\]$/, '$1'));
}

function parseTrustProxy(raw: string | null): boolean | number | string[] {
  if (!raw || raw.toLowerCase() === 'false' || raw.toLowerCase() === 'none') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseCors(raw: string | null): string[] | '*' {
  if (!raw || raw === '*') return '*';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
