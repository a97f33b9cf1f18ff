import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** How long a stopped child gets to shut down before it is killed. */
const STOP_GRACE_MS = 15_000;

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Sends `signal`, then SIGKILL after the grace period, and waits for `child` to exit. */
async function stop(
  child: ChildProcess,
  send: (signal: NodeJS.Signals) => void,
  signal: NodeJS.Signals,
) {
  if (hasExited(child)) return;
  const exited = once(child, 'exit');
  send(signal);
  const timer = setTimeout(() => send('SIGKILL'), STOP_GRACE_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops a child and waits for it. One that has already exited (crashed under load, say) would
 * never emit 'exit' again: waiting for it left the bench hanging on an unsettled promise, which
 * Node ends with code 13 before the bench's own cleanup or error message.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  await stop(child, (sent) => child.kill(sent), signal);
}

/**
 * The same for a child started `detached`, with everything it started (npm and its node): the
 * group is signalled even when npm itself has gone, since the server it started may not have.
 */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  const signalGroup = (sent: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, sent);
    } catch {
      // The group is gone already.
    }
  };
  if (hasExited(child)) {
    signalGroup(signal);
    return;
  }
  await stop(child, signalGroup, signal);
}

/** Waits until `url` answers 200, failing at once if the child exits and after `timeoutMs`. */
export async function waitForHealthy(child: ChildProcess, url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited(child))
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${url}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet, or no answer in time
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
