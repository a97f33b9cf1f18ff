import { useCallback, useState } from 'react';

/**
 * An async action and whether it is running: what the public pages' forms need of a mutation,
 * without the query library, which a first visit to those pages does not load (issue 7).
 */
export function usePendingAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
) {
  const [running, setRunning] = useState(0);
  const run = useCallback(
    async (...args: Args) => {
      setRunning((count) => count + 1);
      try {
        return await action(...args);
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [action],
  );
  return { run, isPending: running > 0 };
}
