/** Problems a person fixes by changing how the server is started: one line, exit code 78. */
export class StartupError extends Error {}

/**
 * The signals that stop the server cleanly. SIGHUP too: closing the terminal or the SSH session
 * that ran `npm start` sends it, and its default (dying at once) leaves an embedded database
 * mid-write and the data folder's lock behind.
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'is in use by another program',
  EACCES: 'needs privileges this user does not have',
  EADDRNOTAVAIL: 'is not an address of this machine',
};

/** A port or host the server cannot listen on is a setup problem: say which variable to change. */
export function explainListenError(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const problem = LISTEN_PROBLEMS[code];
  if (!problem) return error as Error;
  return new StartupError(
    `${host}:${port} ${problem} (${code}). Start AeroPool with another PORT (or HOST).`,
  );
}

const FS_PROBLEMS: Record<string, string> = {
  EROFS: 'is on a read-only file system',
  EACCES: 'is not writable by this user',
  EPERM: 'is not writable by this user',
  ENOTDIR: 'is not a folder',
  ENOSPC: 'is on a full disk',
  EDQUOT: 'is over its disk quota',
};

/** A data folder the server cannot write is a setup problem, not a crash: say which and why. */
export function explainDataDirError(error: unknown, dataDir: string): Error {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const problem = FS_PROBLEMS[code];
  if (!problem) return error as Error;
  return new StartupError(
    `The data folder ${dataDir} ${problem} (${code}). Start AeroPool with a writable DATA_DIR.`,
  );
}
