#!/usr/bin/env node
// `npm run bench`: what the built API costs, measured in one run on this machine, for the embedded engine and, when
// DATABASE_URL (or BENCH_DATABASE_URL) and REDIS_URL are set, for a PostgreSQL server with Redis:
//   - start-up on an empty data directory and the bundled-data load rate;
//   - per metered route (and /health/live), requests/s against two baselines answering the very same bytes, each in
//     a process of its own, measured in the same run: bare Fastify, and the design's floor (a bare NestJS + Fastify
//     app whose route passes five no-op guards); autocannon, 50 connections, BENCH_SECONDS each (default 5), the
//     median of BENCH_ROUNDS rounds (default 3) taken in turn; the API as `npm start` runs it (embedded: readable
//     access lines; server + Redis: JSON lines), and its p99;
//   - p99 at half of the route's maximum throughput, after a second of warm-up, beside the bare server's at that rate;
//   - peak RSS under load;
//   - scale: latency with 1M tokens and 100k accounts against the same run with 1k (cold tokens each time), and
//     the largest lottery's last page against its first;
//   - warm-up: p99 of the first requests of 1,000 returning clients right after a restart against their steady p99;
//   - the bulk export of the largest history, cached and after a write, beside a page read (export.mjs).
// A throwaway data directory (and server database, `lrs_bench_<pid>`) is created and removed.
// BENCH_ONLY_THROUGHPUT=1 stops after the throughput table; BENCH_LOG_LEVEL=warn measures without access lines.
// BENCH_VERBOSE=1 prints every round's figures.
// BENCH_ROUTES=<regular expression> measures only the routes whose names match (e.g. 'latest|health').
// BENCH_COMPARE=<another checkout, built> runs that build too, in the same rounds, and adds a table of both builds'
// ratios: the before/after of a change without the machine's drift between two runs (see README, Benchmark).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { holderToken, json, sleep, startApi } from './api-server.mjs';
import { openLoop } from './open-loop.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const compareRoot = process.env.BENCH_COMPARE;

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const log = (line = '') => process.stdout.write(`${line}\n`);

/** A tools/call of the MCP endpoint: latest_draw of the lottery that the row 'latest draw' reads. */
const MCP_LATEST_DRAW = {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'latest_draw', arguments: { tag: 'us_powerball' } },
  }),
};

/** Samples a process's resident memory while `during` runs; resolves to the peak in MB. */
async function peakRss(pid, during) {
  let peak = 0;
  const sample = () => {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    if (match) peak = Math.max(peak, Number(match[1]) / 1024);
  };
  const timer = setInterval(sample, 100);
  try {
    await during();
  } finally {
    clearInterval(timer);
    sample();
  }
  return peak;
}

/** The median of a list of numbers. */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The most each server serves at `path`: ROUNDS rounds, each server in turn (so that a slow moment of the machine
 * falls on all of them), the median of each. A server's turn starts once the one before has gone quiet (the API's
 * log thread can still be writing access lines for a moment after its load ends, which would fall on the next
 * server's turn), and the order runs backwards every other round, so that no server always follows the same one.
 * The peak RSS of the servers marked `sampleRss` is sampled during their turns (all of them: sampling costs the
 * sampled process a little, so an API compared with another is sampled too); `rss` is the last one's.
 */
async function maxima(servers, path, request) {
  const runs = servers.map(() => []);
  let rss = 0;
  let previous;
  // A second of the same load first, not counted: the route's code is compiled and its caches filled before rounds.
  for (const server of servers) {
    if (previous) await quiet(previous.pid);
    previous = server;
    await autocannon({
      url: server.base + path,
      connections: CONNECTIONS,
      duration: 1,
      ...requestOptions(request, server.token),
    });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = servers.map((_, i) => (round % 2 ? servers.length - 1 - i : i));
    for (const i of order) {
      const server = servers[i];
      if (previous) await quiet(previous.pid);
      previous = server;
      const run = () => maximum(server.base + path, server.token, request);
      if (!server.sampleRss) runs[i].push(await run());
      else {
        const peak = await peakRss(server.pid, async () => runs[i].push(await run()));
        if (i === servers.length - 1) rss = Math.max(rss, peak);
      }
    }
  }
  if (process.env.BENCH_VERBOSE)
    log(
      `${path}: req/s per round, in the order of the servers: ${JSON.stringify(runs.map((l) => l.map((r) => Math.round(r.rps))))}`,
    );
  return {
    results: runs.map((list) => ({
      rps: median(list.map((r) => r.rps)),
      p99: median(list.map((r) => r.p99)),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
    })),
    rss,
  };
}

/** CPU time a process has used so far, in clock ticks (all its threads). */
function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}

/** Resolves once `pid` uses under a fifth of a core over 200 ms (at most after 5 s). */
async function quiet(pid) {
  const until = Date.now() + 5000;
  let before = cpuTicks(pid);
  while (Date.now() < until) {
    await sleep(200);
    const now = cpuTicks(pid);
    if (now - before < 4) return; // 100 ticks a second: 4 in 200 ms is a fifth of a core
    before = now;
  }
}

/**
 * autocannon's method, headers and body for a route's `request` (a GET when absent) with `token`: the MCP row
 * POSTs a JSON-RPC body, with the Accept header that MCP's Streamable HTTP requires.
 */
function requestOptions(request, token) {
  const headers = { ...request?.headers, ...(token ? { 'X-API-Token': token } : {}) };
  return request ? { method: request.method, headers, body: request.body } : { headers };
}

/** The most an URL serves: autocannon, CONNECTIONS connections, SECONDS seconds. */
async function maximum(url, token, request) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...requestOptions(request, token),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/**
 * The ticket check (issue 22), at 10 connections: one line against the latest draw, 100 lines against it, and the
 * most one request may check (contract section 9: tickets × draws ≤ 10,000): one line against the whole history of
 * the largest bundled lottery (de_lotto, 5,031 draws), and 100 lines against its draws since 2025-09-01 (≈ 95). A POST
 * with a body, so it has no bare/floor baseline: the work is the check itself.
 */
async function benchTicketCheck(base, token) {
  const lines = Array.from({ length: 100 }, (_, i) => ({
    main: [0, 1, 2, 3, 4, 5].map((k) => ((i * 7 + k * 8) % 49) + 1),
    special: [i % 10],
  }));
  // EuroMillions lines over its whole history: wins with the amounts FDJ paid (issue 30), summed per currency.
  const starLines = Array.from({ length: 5 }, (_, i) => ({
    main: [0, 1, 2, 3, 4].map((k) => ((i * 11 + k * 9) % 50) + 1),
    special: [(i % 9) + 1, ((i + 4) % 9) + 1],
  }));
  const cases = [
    ['1 line, latest draw', { tickets: lines.slice(0, 1) }],
    ['100 lines, latest draw', { tickets: lines }],
    ['1 line × whole history (5,031 draws)', { tickets: lines.slice(0, 1), from: '1800-01-01' }],
    ['100 lines × draws since 2025-09-01', { tickets: lines, from: '2025-09-01' }],
    [
      'eu_euromillions: 5 lines × whole history, paid amounts',
      { tickets: starLines, from: '2004-01-01' },
      'eu_euromillions',
    ],
  ];
  log('');
  log('| ticket check, de_lotto unless named, 10 connections | req/s | p50 | p99 | non-2xx |');
  log('|---|---|---|---|---|');
  for (const [name, body, tag = 'de_lotto'] of cases) {
    const result = await autocannon({
      url: `${base}/lottery/${tag}/check`,
      method: 'POST',
      connections: 10,
      duration: SECONDS,
      headers: { 'X-API-Token': token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    log(
      `| ${name} | ${fmt(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ` +
        `${result.non2xx + result.errors} |`,
    );
  }
}

/** Latency at a steady `rate` (open loop); `tokens` are used in turn, one per request. */
function atRate(url, { rate, seconds = SECONDS, tokens = [], warmupSeconds = 0, request }) {
  return openLoop(url, {
    rate,
    seconds,
    warmupSeconds,
    method: request?.method,
    body: request?.body,
    headersFor: (i) => ({
      ...request?.headers,
      ...(tokens.length ? { 'X-API-Token': tokens[i % tokens.length] } : {}),
    }),
  });
}

/**
 * A baseline serving `answers` in a process of its own (`bare-server.mjs`: bare Fastify; `floor-server.mjs`: the
 * design's floor); resolves to its base URL and a stop function.
 */
async function startBaseline(script, answers) {
  const dir = mkdtempSync(join(tmpdir(), 'lrs-bench-bare-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, [`tools/bench/${script}`, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve) =>
    child.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The build in BENCH_COMPARE, started like this one (its own data directory, and database on a server), with a
 * holder token of its own; checked to answer the same bytes, so that both builds do the same work.
 */
async function startCompared(engine, answers) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lrs-bench-compared-'));
  const database = engine.server ? await serverDatabase(serverUrl, 'compared') : null;
  const api = await startApi({
    dataDir,
    databaseUrl: database?.url,
    redis: engine.server ? redisUrl : undefined,
    logFormat: engine.logFormat,
    root: compareRoot,
  });
  const token = await holderToken(api.base);
  for (const [path, { body, request }] of Object.entries(answers)) {
    const response = await fetch(api.base + path, {
      method: request?.method,
      headers: { ...request?.headers, 'X-API-Token': token },
      body: request?.body,
    });
    const text = await response.text();
    if (text !== body) log(`note: the compared build answers ${path} differently (${text.length} bytes)`);
  }
  return {
    base: api.base,
    pid: api.pid,
    sampleRss: true,
    token,
    stop: async () => {
      await api.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database on the server for this run: created empty, dropped at the end. */
async function serverDatabase(url, suffix = '') {
  const name = `lrs_bench_${process.pid}${suffix && `_${suffix}`}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The SQL connection the benchmark uses to make accounts and tokens in bulk (the embedded engine's socket too). */
function sqlUrl(engine, dataDir, database) {
  if (database) return database.url;
  return `postgres://postgres:embedded@localhost:5432/postgres?host=${encodeURIComponent(join(dataDir, 'run'))}`;
}

/**
 * Accounts `from`..`to`-1 on license 'bench', each with `perAccount` tokens whose secrets are shaped like issued ones
 * (the marker and 32 characters): `lr_` and the hex MD5 of `bench_<a>_<t>` (see secretOf).
 * The token table's keys and indexes are dropped for the bulk insert and built again after it (a million random
 * hashes inserted into a B-tree one by one, each checked against its account, take many minutes on the embedded
 * engine); their definitions are read back from the catalog, so they are exactly the migrations'.
 */
async function makeHolders(url, from, to, perAccount) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Constraints (primary and foreign keys) and the other indexes, as the migrations made them.
  const { rows: constraints } = await client.query(
    `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'api_tokens'::regclass`,
  );
  const { rows: indexes } = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'api_tokens'
        AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'api_tokens'::regclass)`,
  );
  // Keys of other tables that point at api_tokens (token_usage_daily) depend on its primary key: dropped first and
  // made again last.
  const { rows: referencing } = await client.query(
    `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE confrelid = 'api_tokens'::regclass`,
  );
  for (const { table, conname } of referencing)
    await client.query(`ALTER TABLE ${table} DROP CONSTRAINT "${conname}"`);
  for (const { conname } of constraints)
    await client.query(`ALTER TABLE api_tokens DROP CONSTRAINT "${conname}"`);
  for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
  await client.query(
    `INSERT INTO accounts (id, email, password_hash, license_name)
     SELECT md5('bench-' || i)::uuid, 'bench-' || i || '@example.test', 'not a hash', 'bench'
     FROM generate_series($1::int, $2::int - 1) AS i`,
    [from, to],
  );
  await client.query(
    `INSERT INTO api_tokens (account_id, id, prefix, secret_hash)
     SELECT md5('bench-' || i)::uuid, 't' || t, 'lr_bench',
            encode(sha256(convert_to('lr_' || md5('bench_' || i || '_' || t), 'UTF8')), 'hex')
     FROM generate_series($1::int, $2::int - 1) AS i, generate_series(1, $3::int) AS t`,
    [from, to, perAccount],
  );
  for (const { conname, definition } of constraints) {
    await client.query(`ALTER TABLE api_tokens ADD CONSTRAINT "${conname}" ${definition}`);
  }
  for (const { indexdef } of indexes) await client.query(indexdef);
  for (const { table, conname, definition } of referencing)
    await client.query(`ALTER TABLE ${table} ADD CONSTRAINT "${conname}" ${definition}`);
  // The bulk insert is set-up: its pages are written out now, not by a checkpoint during the measurement.
  await client.query('CHECKPOINT');
  await client.end();
}

const secretOf = (account, token) =>
  `lr_${createHash('md5').update(`bench_${account}_${token}`).digest('hex')}`;
const secretsOf = (accounts) => accounts.map((i) => secretOf(i, 1));
/** `count` distinct numbers below `below`, spread pseudo-randomly but the same in every run. */
const pick = (count, below, seed) => {
  const stride = 7919 * seed; // a prime stride visits every residue of a modulus it does not divide
  return Array.from({ length: count }, (_, i) => (i * stride + seed) % below);
};

async function benchEngine(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lrs-bench-'));
  const database = engine.server ? await serverDatabase(serverUrl) : null;
  let api;
  try {
    api = await startApi({
      dataDir,
      databaseUrl: database?.url,
      redis: engine.server ? redisUrl : undefined,
      logFormat: engine.logFormat,
    });
    log(`\n## ${engine.name}`);
    log(`start-up on an empty data directory: ${(api.startupMs / 1000).toFixed(1)} s`);
    const loaded = api.output().match(/Loaded (\d+) draws .*?\((\d+) draws\/s\)/);
    if (loaded) log(`bundled data load: ${fmt(loaded[1])} draws at ${fmt(loaded[2])} draws/s`);

    const token = await holderToken(api.base);
    const { lotteries } = await json(api.base, 'GET', '/lotteries', { token });
    // BENCH_LARGEST=<tag> names it instead: against a build whose bundle lacks today's largest (BENCH_COMPARE).
    const largest =
      lotteries.find((lottery) => lottery.tag === process.env.BENCH_LARGEST) ??
      lotteries.reduce((a, b) => (b.draws.count > a.draws.count ? b : a));
    const lastOffset = largest.draws.count - 15;
    const routes = [
      ['latest draw', '/lottery/us_powerball/draw/latest/numbers'],
      // The same draw as an AI agent asks for it (issue 32): a tools/call of the MCP endpoint, which runs the route
      // above in-process. A POST: the baselines answer it with the very bytes too.
      ['MCP latest_draw', '/mcp', MCP_LATEST_DRAW],
      ['draw by date', '/lottery/eu_euromillions/draw/2024-01-02/numbers'],
      // What a draw paid (issue 30): its JSON made on first use, then kept with the snapshot.
      ['prizes by date', '/lottery/eu_euromillions/draw/2025-03-21/prizes'],
      ['prizes, latest draw', '/lottery/eu_euromillions/draw/latest/prizes'],
      [
        'search page (bare array, middle)',
        `/lottery/${largest.tag}/draw/numbers?limit=15&offset=${lastOffset >> 1}`,
      ],
      ['draws envelope, first page', `/lottery/${largest.tag}/draws?limit=15`],
      ['draws envelope, last page', `/lottery/${largest.tag}/draws?limit=15&offset=${lastOffset}`],
      ['lottery list (15)', '/lotteries'],
      // Number statistics (issue 23): the default window is prepared JSON; any other is computed per request.
      ['stats, default window', '/lottery/us_powerball/stats'],
      ['stats, window of 21 years', `/lottery/${largest.tag}/stats?from=2000-01-01&to=2020-12-31`],
      ['/health/live (not metered)', '/health/live'],
    ];
    // BENCH_ROUTES (a regular expression on the names) measures some routes only.
    const only = process.env.BENCH_ROUTES && new RegExp(process.env.BENCH_ROUTES, 'i');
    if (only) routes.splice(0, routes.length, ...routes.filter(([name]) => only.test(name)));
    const answers = {};
    for (const [, path, request] of routes) {
      const response = await fetch(api.base + path, {
        method: request?.method,
        headers: { ...request?.headers, 'X-API-Token': token },
        body: request?.body,
      });
      answers[path] = {
        body: await response.text(),
        contentType: response.headers.get('content-type'),
        ...(request ? { request } : {}),
      };
    }
    const bare = await startBaseline('bare-server.mjs', answers);
    const floor = await startBaseline('floor-server.mjs', answers);
    const other = compareRoot ? await startCompared(engine, answers) : null;
    const results = [];
    let rss = 0;
    try {
      for (const [name, path, request] of routes) {
        const measuredApi = { base: api.base, token, pid: api.pid, sampleRss: true };
        const servers = [bare, floor, ...(other ? [other] : []), measuredApi];
        const measured = await maxima(servers, path, request);
        rss = Math.max(rss, measured.rss);
        const [baseline, floorRun, ...apis] = measured.results;
        const apiRun = apis.at(-1);
        const comparedRun = other ? apis[0] : null;
        // Steady state: a second of the same load first (see openLoop); the bare server at the same rate shows
        // what the client and the machine add on their own.
        const rate = Math.max(1, Math.floor(apiRun.rps / 2));
        const half = await atRate(api.base + path, { rate, tokens: [token], warmupSeconds: 1, request });
        const bareHalf = await atRate(bare.base + path, { rate, warmupSeconds: 1, request });
        results.push({
          name,
          path,
          baseline,
          floor: floorRun,
          measured: apiRun,
          half,
          bareHalf,
          comparedRun,
        });
      }
    } finally {
      bare.stop();
      floor.stop();
      await other?.stop();
    }
    log('');
    log(
      `access lines: ${engine.logFormat ?? 'pretty (the default)'}; median of ${ROUNDS} rounds of ${SECONDS} s`,
    );
    log(
      '| route | bare Fastify | floor (Nest + 5 no-op guards) | API | × bare | × floor | API p99 | p99 at half load | bare p99, same rate |',
    );
    log('|---|---|---|---|---|---|---|---|---|');
    for (const { name, baseline, floor: floorRun, measured, half, bareHalf } of results) {
      const errors = measured.errors ? ` (${measured.errors} errors)` : '';
      log(
        `| ${name} | ${fmt(baseline.rps)} req/s | ${fmt(floorRun.rps)} req/s | ${fmt(measured.rps)} req/s${errors} | ` +
          `${(measured.rps / baseline.rps).toFixed(2)}× | ${(measured.rps / floorRun.rps).toFixed(2)}× | ` +
          `${measured.p99} ms | ${half.p99} ms | ${bareHalf.p99} ms |`,
      );
    }
    if (other) {
      log('');
      log(
        `compared with ${compareRoot} (its own data directory${engine.server ? ' and database' : ''}), same rounds:`,
      );
      log('| route | compared build | × floor | this build | × floor | this / compared |');
      log('|---|---|---|---|---|---|');
      for (const { name, floor: floorRun, measured, comparedRun } of results) {
        log(
          `| ${name} | ${fmt(comparedRun.rps)} req/s | ${(comparedRun.rps / floorRun.rps).toFixed(2)}× | ` +
            `${fmt(measured.rps)} req/s | ${(measured.rps / floorRun.rps).toFixed(2)}× | ` +
            `${(measured.rps / comparedRun.rps).toFixed(2)} |`,
        );
      }
    }
    log('');
    log(`peak RSS under load: ${fmt(rss)} MB`);
    const first = results.find((r) => r.name === 'draws envelope, first page')?.measured;
    const last = results.find((r) => r.name === 'draws envelope, last page')?.measured;
    if (first && last)
      log(
        `largest lottery (${largest.tag}, ${fmt(largest.draws.count)} draws): last page ${fmt(last.rps)} req/s, ` +
          `first page ${fmt(first.rps)} req/s (first/last ${(first.rps / last.rps).toFixed(2)}×)`,
      );
    await benchTicketCheck(api.base, token);
    if (process.env.BENCH_ONLY_THROUGHPUT) return;

    // Scale: the same load with cold tokens (each new to the cache) against 1k and then 1M tokens.
    const url = sqlUrl(engine, dataDir, database);
    const latest = `${api.base}/lottery/us_powerball/draw/latest/numbers`;
    const rate = 500;
    await makeHolders(url, 0, 1000, 1);
    const small = await atRate(latest, { tokens: secretsOf(pick(1000, 1000, 7)), rate, seconds: 4 });
    const started = Date.now();
    await makeHolders(url, 1000, 100_000, 10);
    log(`scale: added 99k accounts and 990k tokens in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const big = await atRate(latest, { tokens: secretsOf(pick(1000, 100_000, 11)), rate, seconds: 4 });
    log(
      `scale at ${rate} req/s, 1,000 cold tokens: 1k tokens p50 ${small.p50} ms p99 ${small.p99} ms; ` +
        `1M tokens p50 ${big.p50} ms p99 ${big.p99} ms (p99 ${(big.p99 / Math.max(1, small.p99)).toFixed(2)}×` +
        `${small.errors + big.errors ? `, ${small.errors + big.errors} errors` : ''})`,
    );

    // Warm-up: restart on the same data and measure the very first requests of the 1,000 clients that were
    // using the service (the 1k tokens above), against their steady p99 before the restart.
    const returning = secretsOf(pick(1000, 1000, 7));
    const steady = await atRate(latest, { tokens: returning, rate, seconds: 4 });
    await api.stop();
    api = await startApi({
      dataDir,
      databaseUrl: database?.url,
      redis: engine.server ? redisUrl : undefined,
      logFormat: engine.logFormat,
    });
    const fresh = await atRate(`${api.base}/lottery/us_powerball/draw/latest/numbers`, {
      tokens: returning,
      rate,
      seconds: 4,
    });
    log(
      `restart: ready in ${(api.startupMs / 1000).toFixed(1)} s; first 2,000 requests of 1,000 returning clients ` +
        `at ${rate} req/s p99 ${fresh.p99} ms (steady p99 ${steady.p99} ms)`,
    );
  } finally {
    await api?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

log(
  `# npm run bench (${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${SECONDS} s per run)`,
);
// As `npm start` runs each: the embedded engine with readable access lines, a server with JSON lines.
await benchEngine({ name: 'embedded PostgreSQL (PGlite), as npm start runs it', server: false });
if (serverUrl && redisUrl)
  await benchEngine({ name: 'PostgreSQL server + Redis', server: true, logFormat: 'json' });
else log('\n(PostgreSQL server + Redis: set DATABASE_URL and REDIS_URL to measure it too)');

// The bulk export (contract section 12) beside a page read, on the embedded engine: its own script, run here so that
// `npm run bench` reports it in the same run.
if (!process.env.BENCH_ONLY_THROUGHPUT) {
  log('\n## Export of the largest history (de_lotto), embedded engine');
  await new Promise((resolve, reject) =>
    spawn(process.execPath, [new URL('./export.mjs', import.meta.url).pathname], { stdio: 'inherit' })
      .on('error', reject)
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`export.mjs exited with ${code}`)))),
  );
}
