import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown for the OTP resend cooldown (spec §9: 30 s). It counts against a deadline
 * rather than decrementing per tick, so a throttled background tab still ends on time.
 * Until start() is called, and after reset(), it shows the full duration.
 */
export function useCountdown(durationSeconds: number) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  /** From the full duration, or from `seconds` left (a countdown already under way). */
  const start = useCallback(
    (seconds = durationSeconds) => {
      const current = Date.now();
      setNow(current);
      setEndsAt(current + seconds * 1000);
    },
    [durationSeconds],
  );

  const reset = useCallback(() => setEndsAt(null), []);
  /** Over now: what it guarded may be done at once. */
  const finish = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current);
  }, []);

  const secondsLeft =
    endsAt === null ? durationSeconds : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, isRunning: endsAt !== null && secondsLeft > 0, start, reset, finish };
}
