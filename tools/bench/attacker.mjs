// The attacking client of abuse.mjs, on a thread of its own: its own event loop writes the attack's bytes, so
// that the victim's latency (measured on the main thread) is the service's, not the load generator's. The thread
// runs at the lowest CPU priority: a real attacker sends from another machine, while here it shares the service's
// two cores, and a client answered 429 in a fraction of a millisecond keeps a core busy sending again.
import http from 'node:http';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/** A request from a client address of its own; resolves to the status (0 when the connection failed). */
export function send(base, method, path, { address, body, headers = {} }) {
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
        response.resume();
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

if (parentPort) {
  setPriority(19); // this thread only (Linux threads have a nice value each)
  parentPort.postMessage(await keepSending(workerData));
}
