// A constant-rate (open-loop) load: requests leave at `rate` per second whatever the answers' latency, so the
// latency percentiles show what a client sees at that load (autocannon's rate option sends in bursts).
import http from 'node:http';

/**
 * GETs `url` at `rate` requests/s for `seconds`, spread evenly; `headersFor(i)` gives each request's headers.
 * Resolves to latency percentiles in ms and the count of answers that were not 2xx.
 */
export async function openLoop(url, { rate, seconds, headersFor = () => ({}) }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const total = Math.round(rate * seconds);
  const started = process.hrtime.bigint();
  const pending = new Set();
  const fire = (i) => {
    const begin = process.hrtime.bigint();
    const done = new Promise((resolve) => {
      const request = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          agent,
          headers: headersFor(i),
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
            if (response.statusCode < 200 || response.statusCode >= 300) errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  };
  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
      const due = Math.min(total, Math.floor(elapsed * rate));
      while (sent < due) fire(sent++);
      if (sent >= total) resolve();
      else setTimeout(tick, 1); // a busy loop would take the CPU the server needs
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const round = (ms) => Math.round(ms * 10) / 10;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(at(1)), errors, count: latencies.length };
}
