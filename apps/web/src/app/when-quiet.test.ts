import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryActivity, whenQuiet, type Activity } from './when-quiet';

const runAtOnce = (run: () => void) => run();

/** An activity switched by hand, like a router loading the first page. */
function switchable(busy: boolean): Activity & { set: (next: boolean) => void } {
  const listeners = new Set<() => void>();
  return {
    isBusy: () => busy,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      busy = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

describe('whenQuiet', () => {
  it('runs at the first idle time when nothing is busy', () => {
    const run = vi.fn();
    whenQuiet([queryActivity(new QueryClient())], runAtOnce)(run);
    expect(run).toHaveBeenCalledOnce();
  });

  it('waits for the queries on the way, then for the idle time after them', async () => {
    const queryClient = new QueryClient();
    let answer!: (trips: string[]) => void;
    const trips = queryClient.fetchQuery({
      queryKey: ['trips'],
      queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
    });
    const idle = vi.fn(runAtOnce);
    const run = vi.fn();
    whenQuiet([queryActivity(queryClient)], idle)(run);
    expect(run).not.toHaveBeenCalled();

    answer(['a trip']);
    await trips;
    expect(run).toHaveBeenCalledOnce();
    expect(idle).toHaveBeenCalledTimes(2);
  });

  it('waits until every activity is quiet at once', () => {
    const router = switchable(true);
    const queries = switchable(false);
    const run = vi.fn();
    whenQuiet([router, queries], runAtOnce)(run);
    queries.set(true);
    router.set(false);
    expect(run).not.toHaveBeenCalled();
    queries.set(false);
    expect(run).toHaveBeenCalledOnce();
  });
});
