// The attacking client of abuse.mjs, on a thread of its own: its own event loop writes the attack's bytes, so
// that the victim's latency (measured on the main thread) is the service's, not the load generator's. The thread
// runs at the lowest CPU priority: a real attacker sends from another machine, while here it shares the service's
// two cores, and a client answered 429 in a fraction of a millisecond keeps a core busy sending again.
import http from 'node:http';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * A request from a client address of its own; resolves to the status (0 when the connection failed). `received`
 * (optional) is told the size of each chunk of the answer's body.
 */
export function send(base, method, path, { address, body, headers = {}, received = () => undefined }) {
  return new Promise((resolve) => {
    const url = new URL(base + path);
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': address,
          ...(body === undefined ? {} : { 'Content-Length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (response) => {
        response.on('data', (chunk) => received(chunk.length));
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** Sends the request on `inFlight` loops, one at a time each, for `seconds`; resolves to the statuses. */
async function keepSending({ base, method, path, inFlight, seconds, address, body, headers }) {
  const until = Date.now() + seconds * 1000;
  const statuses = {};
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < until) {
        const status = await send(base, method, path, { address, body, headers });
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/**
 * Sends the request `rate` times a second for `seconds`, whatever the answers' pace (an attacker does not wait);
 * resolves to the statuses and the bytes of the bodies sent and received.
 */
async function sendAtRate({ base, method, path, rate, seconds, address, body, headers }) {
  const statuses = {};
  const bytes = { sent: 0, received: 0 };
  const received = (length) => (bytes.received += length);
  const pending = [];
  const started = Date.now();
  for (let i = 0; i < Math.round(rate * seconds); i++) {
    const due = started + (i * 1000) / rate;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    bytes.sent += body === undefined ? 0 : Buffer.byteLength(body);
    pending.push(
      send(base, method, path, { address, body, headers, received }).then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(pending);
  return { statuses, ...bytes };
}

if (parentPort) {
  setPriority(19); // this thread only (Linux threads have a nice value each)
  parentPort.postMessage(await (workerData.rate ? sendAtRate(workerData) : keepSending(workerData)));
}
