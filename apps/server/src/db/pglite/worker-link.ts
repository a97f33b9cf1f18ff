import { Worker } from 'node:worker_threads';
import type { PgliteWorkerData, WorkerReply, WorkerRequest } from './worker-protocol';

/** The main thread's side of the embedded database's thread (pglite-worker). */
export type PgliteLink = {
  /** Settles when the database has opened, or failed to. */
  ready: Promise<void>;
  /**
   * Sends frontend protocol messages (their buffer is handed to the thread, not copied: the caller
   * must own it whole and not use it again); resolves with the backend's answer.
   */
  protocol(bytes: Uint8Array): Promise<Uint8Array>;
  /**
   * The engine runs `select 1` straight from the thread's queue: a health check costs a message
   * each way, not a trip through node-postgres and the pool's one connection.
   */
  ping(): Promise<void>;
  /** Ends a transaction left open in the session (see WorkerConnection.connect). */
  reset(): Promise<void>;
  /** Closes the database (a clean Postgres shutdown) and ends the thread. */
  close(): Promise<void>;
  /**
   * Called once if the thread fails after it was ready (the engine broke or the thread died), at
   * once if that has already happened.
   */
  onFailure(listener: (error: Error) => void): void;
};

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * The compiled server runs the worker compiled beside it (dist/pglite-worker.js, next to
 * server.js); from the sources (tests, scripts) the thread registers tsx before loading the
 * TypeScript file (a worker's `--import tsx` does not reach its own entry module on Node 20).
 */
const fromSources = import.meta.url.endsWith('.ts');

const spawn = (workerData: PgliteWorkerData): Worker => {
  if (!fromSources)
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const entry = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`;
  return new Worker(boot, { eval: true, workerData });
};

export function startPgliteWorker(data: PgliteWorkerData): PgliteLink {
  const worker = spawn(data);
  const pending = new Map<number, { resolve(bytes: Uint8Array): void; reject(e: Error): void }>();
  const failureListeners: ((error: Error) => void)[] = [];
  let nextId = 0;
  let broken: Error | undefined;
  let closing: Promise<void> | undefined;
  let markReady: () => void = () => undefined;
  let markFailed: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  // Awaited only once the rest of the server has loaded (server.ts): a thread that fails sooner
  // must not end the process as an unhandled rejection before anyone can explain it.
  ready.catch(() => undefined);
  let isReady = false;

  const fail = (error: Error) => {
    if (broken) return;
    broken = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    if (!isReady) markFailed(error);
    else if (!closing) for (const listener of failureListeners) listener(error);
  };

  worker.on('message', (reply: WorkerReply) => {
    if (reply.kind === 'ready') {
      isReady = true;
      markReady();
    } else if (reply.kind === 'failed') {
      fail(
        Object.assign(new Error(`The embedded database stopped: ${reply.message}`), {
          code: reply.code,
        }),
      );
    } else {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.kind === 'answer') waiting?.resolve(reply.bytes);
      else waiting?.reject(new Error(reply.message));
    }
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`The embedded database's thread ended (${code}).`)));

  const ask = (request: WithoutId<WorkerRequest>, transfer: ArrayBuffer[] = []) =>
    new Promise<Uint8Array>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, transfer);
    });

  return {
    ready,
    protocol: (bytes) => ask({ kind: 'protocol', bytes }, [bytes.buffer as ArrayBuffer]),
    ping: async () => {
      await ask({ kind: 'ping' });
    },
    reset: async () => {
      await ask({ kind: 'reset' });
    },
    // Once: a second close (two signals, a deadline during a close) waits for the first rather
    // than ending the thread while the engine shuts down.
    close: () =>
      (closing ??= broken
        ? Promise.resolve()
        : ask({ kind: 'close' })
            .catch(() => undefined)
            .then(() => worker.terminate())
            .then(() => undefined)),
    onFailure: (listener) => {
      // A thread that failed before the listener came still ends the server.
      if (broken && isReady && !closing) queueMicrotask(() => listener(broken!));
      else failureListeners.push(listener);
    },
  };
}

/**
 * Closes the thread's database cleanly (the close waits behind the statement running), or gives
 * up after `ms`: a stopping server must end.
 */
export const closeWithin = (link: PgliteLink | undefined, ms = 5000): Promise<unknown> =>
  Promise.race([
    link?.close().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, ms).unref()),
  ]);
