// The embedded database's own thread (issue 7). PGlite runs Postgres synchronously inside
// WebAssembly: on the main thread every statement stalled HTTP and sockets for its whole run (a
// potential-matches computation ~12 ms). Here it runs beside them; the main thread talks to it in
// the PostgreSQL wire protocol, through node-postgres, as it talks to a real server.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type { PgliteWorkerData, WorkerReply, WorkerRequest } from './worker-protocol';

/**
 * Postgres' own defaults inside PGlite size its shared memory for a shared server (160 MB of
 * buffers), and WebAssembly never gives memory back: the default alone left ~335 MB resident on
 * opening a data folder, against ~200 MB with these (issue 7, docs/performance.md). One process
 * is the only client, so a few connection slots and a 32 MB buffer cache are enough; the
 * operating system's page cache still holds the files beneath it.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=32MB', '-c', 'wal_buffers=1MB', '-c', 'max_connections=5'],
  // A new 16 MB WAL segment is not zero-filled first: filling it held up the write that needed it
  // (a 25-93 ms statement against at most 17 ms without, 20,000 inserts of 2 KB measured alone).
  ...['-c', 'wal_init_zero=off'],
];

const isNewCluster = (dataDir: string) => !fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Copies the template beside the data folder and renames it into place, so a start cut off while
 * copying leaves no half cluster behind. Only an absent or empty folder is replaced: a folder
 * holding anything else is left to PGlite, never deleted.
 */
function startFromTemplate(dataDir: string, templateDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return;
  const staging = `${dataDir}.from-template`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(templateDir, staging, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(staging, dataDir);
}

/**
 * The engine's file system reports failures as Emscripten's ErrnoError, which has no message and
 * numbers its codes as WASI does; these are the ones a data folder can cause.
 */
const ENGINE_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

const describeEngineError = (error: unknown): string => {
  const { name, errno } = (error ?? {}) as { name?: string; errno?: number };
  return name && errno !== undefined ? `${name} ${errno}` : String(error);
};

const port = parentPort!;
const say = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

async function open(): Promise<PGlite> {
  const { dataDir, template } = workerData as PgliteWorkerData;
  if (dataDir && template && isNewCluster(dataDir) && fs.existsSync(template)) {
    startFromTemplate(dataDir, template);
  }
  const pglite = new PGlite(dataDir, { startParams: START_PARAMS });
  await pglite.waitReady;
  return pglite;
}

const ROLLBACK = serialize.query('rollback');
const SELECT_ONE = serialize.query('select 1');
/** ErrorResponse, the backend's first byte of a failed statement's answer. */
const ERROR_RESPONSE = 'E'.charCodeAt(0);

/** The bytes in a buffer of their own, which can be handed over without copying (never a view of the engine's memory). */
const ownBuffer = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);

let closed: Promise<void> | undefined;

function serve(pglite: PGlite): void {
  port.on('message', (request: WorkerRequest) => {
    try {
      if (request.kind === 'close') {
        // Every close is answered by the one shutdown (PGlite refuses a second while closing).
        closed ??= pglite.close();
        void closed.then(
          () => say({ kind: 'answer', id: request.id, bytes: new Uint8Array(0) }),
          (error: unknown) => say({ kind: 'failed', message: String(error) }),
        );
        return;
      }
      if (request.kind === 'ping') {
        // Inside a transaction the engine is busy serving the connection that opened it, which
        // is an answer in itself; a statement there could only fail with that transaction.
        const failed =
          !pglite.isInTransaction() && pglite.execProtocolRawSync(SELECT_ONE)[0] === ERROR_RESPONSE;
        say(
          failed
            ? { kind: 'refused', id: request.id, message: 'select 1 failed' }
            : { kind: 'answer', id: request.id, bytes: new Uint8Array(0) },
        );
        return;
      }
      if (request.kind === 'reset') {
        if (pglite.isInTransaction()) pglite.execProtocolRawSync(ROLLBACK);
        say({ kind: 'answer', id: request.id, bytes: new Uint8Array(0) });
        return;
      }
      // Synchronous: each request is answered before the next is read, in the order sent. PGlite's
      // asynchronous variant only adds a file-system sync, a no-op on Node's file systems.
      const bytes = ownBuffer(pglite.execProtocolRawSync(request.bytes));
      say({ kind: 'answer', id: request.id, bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      // A statement's own errors come back in the protocol; an exception here means the engine
      // itself broke (WebAssembly trap, out of memory): nothing it answers can be trusted now.
      say({ kind: 'failed', message: String(error) });
      process.exit(1);
    }
  });
}

open().then(
  (pglite) => {
    serve(pglite);
    say({ kind: 'ready' });
  },
  (error: unknown) => {
    // The code (EACCES, ENOSPC…) lets the server explain a data folder it cannot use.
    const { code, errno } = error as NodeJS.ErrnoException;
    say({
      kind: 'failed',
      message: error instanceof Error ? error.message : describeEngineError(error),
      code: code ?? (errno === undefined ? undefined : ENGINE_ERRNO[errno]),
    });
    process.exit(1);
  },
);
