import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * Stops a child and waits for it. One that has already exited (crashed under load, say) would
 * never emit 'exit' again: waiting for it left the bench hanging on an unsettled promise, which
 * Node ends with code 13 before the bench's own cleanup or error message.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** The same for a child started `detached`, with everything it started (npm and its node). */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = once(child, 'exit');
  try {
    process.kill(-child.pid, signal);
  } catch {
    return; // the group is gone already
  }
  await exited;
}

/** Waits until `url` answers 200, failing at once if the child exits and after `timeoutMs`. */
export async function waitForHealthy(child: ChildProcess, url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${url}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
