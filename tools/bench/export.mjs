#!/usr/bin/env node
// The bulk export's cost (issue 46), beside a page read, on the built API (embedded engine, as `npm start` runs it):
// requests/s and bytes/s of GET /lottery/de_lotto/draws/export (the largest bundled history) unchanged (cached),
// compressed (cached), a range (a slice), and a page of /draws; then the first export after a write (re-encoding).
// autocannon, 10 connections, BENCH_SECONDS each (default 5). Usage: npx tsc -p apps/api/tsconfig.app.json &&
// node tools/bench/export.mjs
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, holderToken, json, startApi } from './api-server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const dataDir = mkdtempSync(join(tmpdir(), 'lrs-export-bench-'));
const server = await startApi({ dataDir, env: { LOG_LEVEL: 'warn' } });
try {
  const token = await holderToken(server.base);
  const { accessToken: jwt } = await json(server.base, 'POST', '/auth/login', { body: ADMIN });
  const rows = [
    ['page of /draws (15 draws)', '/lottery/de_lotto/draws?limit=15', {}],
    ['export csv, cached', '/lottery/de_lotto/draws/export?format=csv', {}],
    ['export json, cached', '/lottery/de_lotto/draws/export?format=json', {}],
    [
      'export json, cached, gzip',
      '/lottery/de_lotto/draws/export?format=json',
      { 'Accept-Encoding': 'gzip' },
    ],
    ['export json, cached, br', '/lottery/de_lotto/draws/export?format=json', { 'Accept-Encoding': 'br' }],
    [
      'export json 2020–2021 (a slice)',
      '/lottery/de_lotto/draws/export?format=json&from=2020-01-01&to=2021-12-31',
      {},
    ],
  ];
  console.log(`| request | req/s | MB/s | p99 ms |\n| --- | ---: | ---: | ---: |`);
  for (const [name, path, headers] of rows) {
    await fetch(server.base + path, { headers: { 'X-API-Token': token, ...headers } }).then((r) =>
      r.arrayBuffer(),
    );
    const result = await autocannon({
      url: server.base + path,
      connections: 10,
      duration: SECONDS,
      headers: { 'X-API-Token': token, ...headers },
    });
    console.log(
      `| ${name} | ${fmt(result.requests.average)} | ${(result.throughput.average / 1e6).toFixed(1)} | ${result.latency.p99} |`,
    );
  }
  // Changed: each write makes the next export encode the history again (and compress it when asked).
  for (const [label, headers] of [
    ['json', {}],
    ['json, br', { 'Accept-Encoding': 'br' }],
  ]) {
    const times = [];
    for (let i = 0; i < 10; i++) {
      await json(server.base, 'PUT', '/admin/lotteries/de_lotto/draws/2030-01-05', {
        jwt,
        body: { main: [1, 2, 3, 4, 5, 6 + (i % 40)], special: [i % 10] },
      });
      const started = performance.now();
      await fetch(`${server.base}/lottery/de_lotto/draws/export?format=json`, {
        headers: { 'X-API-Token': token, ...headers },
      }).then((r) => r.arrayBuffer());
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `first export after a write (${label}): median ${times[5].toFixed(0)} ms, max ${times[9].toFixed(0)} ms`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
