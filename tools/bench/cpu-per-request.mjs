// CPU time per metered request of one or more built checkouts, each alone in turn:
//
//   node tools/bench/cpu-per-request.mjs <checkout> [<checkout> ...]
//
// Throughput (npm run bench) on a machine of two cores depends on how the scheduler shares them between the load
// generator, the API's main thread and its log thread, and two processes of the same build differ by up to 8 % in
// it. The CPU a process spends per request (its user + system time from /proc, all threads, divided by the
// requests it served) depends far less on that, so it resolves smaller differences between builds. Each checkout
// serves CPU_REQUESTS requests (default 40,000; 50 connections) of `latest` per round, CPU_ROUNDS rounds (default
// 12), the order reversed every other round; printed: each build's mean µs per request with its standard error.
// Embedded engine, default access lines, as npm start runs it. Build each checkout first (npx nx run api:build).
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { holderToken, sleep, startApi } from './api-server.mjs';

const PATH = '/lottery/us_powerball/draw/latest/numbers';
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 40_000);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 12);
const TICK_US = 10_000; // /proc counts CPU time in clock ticks of 10 ms (USER_HZ 100 on Linux)

/** User + system CPU time of a process (all its threads), in clock ticks. */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime and stime: fields 14 and 15 of stat(5)
}

const roots = process.argv.slice(2).map((root) => resolve(root));
if (roots.length === 0) {
  process.stderr.write('usage: node tools/bench/cpu-per-request.mjs <checkout> [<checkout> ...]\n');
  process.exit(2);
}

const builds = [];
try {
  for (const root of roots) {
    const dataDir = mkdtempSync(join(tmpdir(), 'lrs-cpu-'));
    const api = await startApi({ dataDir, root });
    builds.push({ root, api, dataDir, token: await holderToken(api.base), samples: [] });
  }
  const load = (build, amount) =>
    autocannon({
      url: build.api.base + PATH,
      connections: 50,
      amount,
      headers: { 'X-API-Token': build.token },
    });
  for (const build of builds) await load(build, 5_000); // compiled and cached before the rounds
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const build of round % 2 ? [...builds].reverse() : builds) {
      await sleep(1_500); // the previous server's log thread finishes its lines
      const before = cpuTicks(build.api.pid);
      const result = await load(build, REQUESTS);
      await sleep(1_500); // this server's log thread writes the last access lines: part of the requests' cost
      build.samples.push(((cpuTicks(build.api.pid) - before) * TICK_US) / result.requests.total);
    }
  }
  console.log(
    `CPU per request of ${PATH} (embedded), ${ROUNDS} rounds of ${REQUESTS.toLocaleString('en-US')}:`,
  );
  for (const { root, samples } of builds) {
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    const variance = samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (samples.length - 1);
    const stderr = Math.sqrt(variance / samples.length);
    console.log(
      `${root}: ${mean.toFixed(1)} µs ± ${stderr.toFixed(1)} (rounds: ${samples.map((x) => x.toFixed(0)).join(' ')})`,
    );
  }
} finally {
  for (const { api, dataDir } of builds) {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
