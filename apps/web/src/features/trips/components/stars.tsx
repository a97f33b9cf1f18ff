import { RATING_MAX } from '@aeropool/contract/limits';

/** A rating shown read-only: filled and empty stars, read out as 'Rated 4 out of 5 stars'. */
export function Stars({ value }: { value: number }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of ${RATING_MAX} stars`}
      className="inline-flex text-lg leading-none tracking-tight"
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <span key={index} className={index < value ? 'text-amber-500' : 'text-slate-300'}>
          ★
        </span>
      ))}
    </span>
  );
}
