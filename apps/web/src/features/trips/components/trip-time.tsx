import { formatTripTime } from '../../../lib/format-time';

/** A ride time as Bengaluru sees it, with the machine-readable instant alongside. */
export function TripTime({ ms, className = '' }: { ms: number; className?: string }) {
  return (
    <time dateTime={new Date(ms).toISOString()} className={className}>
      {formatTripTime(ms)}
    </time>
  );
}
