// Where a metered read spends its CPU: the built API under load with V8's sampling profiler, its top frames.
//
//   node tools/bench/profile-metered.mjs [<checkout>]      (build it first: npx nx run api:build)
//
// The API as npm start runs it (embedded engine, access lines on), PROFILE_REQUESTS requests (default 100,000;
// 50 connections) of `latest` (or PROFILE_PATH) after 5,000 of warm-up; the profile (a .cpuprofile, for Chrome's DevTools) is written
// when the server stops. Printed: the frames with the most self time, and the share of the main thread each takes
// (idle and the garbage collector named as V8 names them). The file is kept under PROFILE_DIR (default a temporary
// directory) for a closer look.
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { holderToken, startApi } from './api-server.mjs';

const PATH = process.env.PROFILE_PATH ?? '/lottery/us_powerball/draw/latest/numbers';
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 100_000);
const TOP = Number(process.env.PROFILE_TOP ?? 25);

const root = resolve(process.argv[2] ?? '.');
const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'lrs-profile-'));
mkdirSync(profileDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'lrs-profile-data-'));
const api = await startApi({
  dataDir,
  root,
  env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` },
});
let served;
const window = { from: 0, to: 0 };
try {
  const token = await holderToken(api.base);
  const load = (amount) =>
    autocannon({ url: api.base + PATH, connections: 50, amount, headers: { 'X-API-Token': token } });
  await load(5_000);
  // V8 stamps samples with the monotonic clock process.hrtime reads too: only the measured load is counted.
  window.from = Number(process.hrtime.bigint() / 1000n);
  served = await load(REQUESTS);
  window.to = Number(process.hrtime.bigint() / 1000n);
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// Node names each thread's profile CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main one.
const mainThread = new RegExp(`\\.${api.pid}\\.0\\.\\d+\\.cpuprofile$`);
const file = readdirSync(profileDir)
  .filter((name) => mainThread.test(name))
  .map((name) => join(profileDir, name))
  .at(0);
if (!file) throw new Error(`no profile was written in ${profileDir}`);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time per frame: each sample is charged to the node it was taken in, each time delta to that sample.
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= window.from && at <= window.to) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});
const byFrame = new Map();
let totalUs = 0;
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url ? `${relative(root, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  const frame = `${functionName || '(anonymous)'} ${where}`.trim();
  byFrame.set(frame, (byFrame.get(frame) ?? 0) + us);
  totalUs += us;
}
const busyUs = totalUs - (byFrame.get('(idle)') ?? 0);
console.log(
  `${served.requests.total.toLocaleString('en-US')} requests of ${PATH}, ${Math.round(served.requests.average)} req/s; ` +
    `main thread busy ${(busyUs / 1e6).toFixed(1)} s of the load's ${(totalUs / 1e6).toFixed(1)} s ` +
    `(${(busyUs / served.requests.total).toFixed(1)} µs per request); profile: ${file}`,
);
console.log('self time  share of busy  frame');
for (const [frame, us] of [...byFrame]
  .filter(([frame]) => frame !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, TOP)) {
  console.log(
    `${(us / 1e3).toFixed(0).padStart(7)} ms  ${((100 * us) / busyUs).toFixed(1).padStart(6)} %  ${frame}`,
  );
}
