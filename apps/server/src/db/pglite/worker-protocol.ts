/** What the main thread and the embedded database's thread say to each other (pglite-worker). */

export type PgliteWorkerData = {
  /** undefined: in memory (tests). */
  dataDir?: string;
  /** A closed, migrated data folder a new data folder starts as a copy of, when it exists. */
  template?: string;
};

export type WorkerRequest =
  /** Frontend protocol messages (up to a Sync or Flush), answered with the backend's bytes. */
  | { id: number; kind: 'protocol'; bytes: Uint8Array }
  /** Health: the engine runs `select 1`, beside the pool's connection (see PgliteLink.ping). */
  | { id: number; kind: 'ping' }
  /** A connection was replaced: end any transaction the last one left open. */
  | { id: number; kind: 'reset' }
  | { id: number; kind: 'close' };

export type WorkerReply =
  | { kind: 'ready' }
  /** The database could not start, or stopped working: the thread ends after saying so. */
  | { kind: 'failed'; message: string; code?: string }
  | { kind: 'answer'; id: number; bytes: Uint8Array }
  /** This request failed (a ping that got an error); the database goes on. */
  | { kind: 'refused'; id: number; message: string };
