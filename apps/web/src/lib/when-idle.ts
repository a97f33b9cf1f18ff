export type IdleScheduler = (run: () => void) => void;

/** Runs `run` when the browser has nothing else to do (within 5 s), or after 500 ms without it. */
export const whenIdle: IdleScheduler = (run) => {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: 5000 });
  else window.setTimeout(run, 500);
};
