import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { makeWritableDirectory } from '../common/fs/directory';

export interface EmbeddedPostgres {
  /** A postgres:// URL the ordinary pg driver connects to. */
  url: string;
  /**
   * Stops the engine and starts it again on the same data and socket, giving back the memory it took (its
   * WebAssembly memory only grows). Connections made before are closed.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const SOCKET_FILE = '.s.PGSQL.5432';
/** Unix socket paths are limited to 108 bytes on Linux. */
const MAX_SOCKET_PATH = 100;

/**
 * The worker's code. It is plain JavaScript given to the worker as text, so that the same code runs from the
 * compiled app and from the TypeScript tests, and loads PGlite with Node's own loader (PGlite imports its
 * WebAssembly dynamically, which Jest's module loader cannot do).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite } = await import(workerData.pglite);
  const { PGLiteSocketServer } = await import(workerData.pgliteSocket);
  const db = await PGlite.create(workerData.dataDir, {
    postgresqlconf: workerData.postgresqlConf,
    pgliteWasmModule: workerData.pgliteWasmModule,
  });
  if (workerData.initOnly) {
    await db.close();
    return parentPort.postMessage({ type: 'ready' });
  }
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: workerData.maxConnections });
  await server.start();
  parentPort.on('message', (message) => {
    if (message !== 'stop') return;
    server.stop().then(() => db.close()).then(
      () => parentPort.postMessage({ type: 'stopped' }),
      (error) => parentPort.postMessage({ type: 'stopped', error: String(error && error.stack || error) }),
    );
  });
  parentPort.postMessage({ type: 'ready' });
})().catch((error) => parentPort.postMessage({ type: 'error', error: String(error && error.stack || error) }));
`;

/**
 * A small server's memory settings: the service reads from its own in-memory catalog, so PostgreSQL's buffers only
 * serve token and account lookups and writes (PostgreSQL's default 128 MB of shared buffers would be resident).
 */
const POSTGRESQL_CONF = [
  'shared_buffers = 16MB',
  'wal_buffers = 512kB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
];

/** A compiled WebAssembly.Module: handed to the worker as it is (a worker's data may carry one). */
type CompiledWasm = object;
/** Node's global (the app's TypeScript libraries leave out the DOM's WebAssembly types). */
declare const WebAssembly: { compile(code: Uint8Array): Promise<CompiledWasm> };

/**
 * PGlite's WebAssembly, compiled once a process and given to every engine it starts (the restart after a bulk load,
 * and the many apps of a test run), which then share its code, optimised hot paths included, instead of compiling
 * and optimising it again. Measured on 2 cores: an app's whole boot on the embedded engine 1.35–1.6 s → 1.0–1.2 s.
 */
let pgliteWasmModule: Promise<CompiledWasm> | undefined;
function compiledPglite(): Promise<CompiledWasm> {
  pgliteWasmModule ??= readFile(join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')).then(
    (code) => WebAssembly.compile(code),
  );
  return pgliteWasmModule;
}

interface WorkerMessage {
  type: 'ready' | 'stopped' | 'error';
  error?: string;
}

/**
 * Embedded PostgreSQL: PGlite kept on disk in `dataDir`, served over a unix socket so that TypeORM and the pg
 * driver use it exactly like a server. It runs in a worker thread, so the database's work does not block the
 * event loop that answers requests. PGlite runs one transaction at a time, which is why `maxConnections` must be
 * at least the pool size (otherwise it resets the other pool connections).
 *
 * The socket lives in `dataDir/../run` (beside the data, where no temporary-file cleaner removes it while the
 * service runs); only when that path is too long for a unix socket does it fall back to a private temporary folder.
 */
export async function startEmbeddedPostgres(dataDir: string, maxConnections = 32): Promise<EmbeddedPostgres> {
  makeWritableDirectory(dataDir);
  const socketDir = chooseSocketDir(dataDir);
  const socketPath = join(socketDir.path, SOCKET_FILE);
  // A socket left by a process that was killed would make the server's listen() fail.
  if (existsSync(socketPath)) rmSync(socketPath, { force: true });

  const workerData = {
    pglite: pathToFileURL(require.resolve('@electric-sql/pglite')).href,
    pgliteSocket: pathToFileURL(require.resolve('@electric-sql/pglite-socket')).href,
    dataDir,
    socketPath,
    maxConnections,
    postgresqlConf: POSTGRESQL_CONF,
    pgliteWasmModule: await compiledPglite(),
  };
  // Creating a database (initdb) grows the WebAssembly memory to ≈ 0.7 GB, which a worker keeps until it ends: a
  // first worker creates it and ends, and the one that serves opens it afresh (≈ 1 s more, once).
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const init = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...workerData, initOnly: true } });
    try {
      await nextMessage(init, 'ready');
    } finally {
      await init.terminate();
    }
  }
  const cleanUp = () => {
    if (socketDir.temporary) rmSync(socketDir.path, { recursive: true, force: true });
    else rmSync(socketPath, { force: true });
  };
  const serve = async (): Promise<Worker> => {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData });
    try {
      await nextMessage(started, 'ready');
      return started;
    } catch (error) {
      await started.terminate();
      cleanUp();
      throw error;
    }
  };
  const end = async (serving: Worker) => {
    const stopped = nextMessage(serving, 'stopped');
    serving.postMessage('stop');
    try {
      await stopped;
    } finally {
      await serving.terminate();
    }
  };
  let worker = await serve();
  return {
    url: `postgres://postgres:embedded@localhost:5432/postgres?host=${encodeURIComponent(socketDir.path)}`,
    async restart() {
      await end(worker);
      worker = await serve();
    },
    async stop() {
      try {
        await end(worker);
      } finally {
        cleanUp();
      }
    },
  };
}

function chooseSocketDir(dataDir: string): { path: string; temporary: boolean } {
  const beside = join(dirname(dataDir), 'run');
  if (join(beside, SOCKET_FILE).length <= MAX_SOCKET_PATH) {
    makeWritableDirectory(beside, 0o700);
    return { path: beside, temporary: false };
  }
  return { path: mkdtempSync(join(tmpdir(), 'pgl-')), temporary: true };
}

/** Resolves on the worker's message of `type`; rejects on its error message, an error event or an early exit. */
function nextMessage(worker: Worker, type: WorkerMessage['type']): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      settle();
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === type && !message.error) done(resolve);
      else if (message.type === 'error' || message.error) {
        done(() => reject(new Error(`Embedded PostgreSQL: ${message.error}`)));
      }
    };
    const onError = (error: Error) => done(() => reject(error));
    const onExit = (code: number) =>
      done(() => reject(new Error(`Embedded PostgreSQL stopped unexpectedly (exit code ${code})`)));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}
