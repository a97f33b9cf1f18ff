import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Waits for the "ready on" line and returns the port. */
  port: (timeoutMs?: number) => Promise<number>;
};

/** Node's arguments for the server from its sources, compiled by tsx as they load. */
const FROM_SOURCES = ['--import', 'tsx', 'src/server.ts'];

/**
 * Starts the server as its own process with `env` on top of the test's environment: from its
 * sources, or with `nodeArgs` (a bench runs the compiled server as `npm start` does). Without a
 * DATA_DIR it gets a folder of its own, removed when the process has exited.
 */
export function startServerProcess(
  env: Record<string, string>,
  nodeArgs: string[] = FROM_SOURCES,
): ServerProcess {
  const ownDataDir = env.DATA_DIR
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-server-'));
  const child = spawn(process.execPath, nodeArgs, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      try {
        if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
      } catch {
        // A folder left behind is no failure of the test that started the server.
      }
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    async port(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const match = /ready on http:\/\/localhost:(\d+)/.exec(output);
        if (match) return Number(match[1]);
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`server did not start:\n${output}`);
    },
  };
}
