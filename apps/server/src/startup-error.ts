/** Problems a person fixes by changing how the server is started: one line, exit code 78. */
export class StartupError extends Error {}

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
