import type { Place } from '@aeropool/contract/places';

type Props = {
  places: readonly Place[];
  /** For each place, its position on the other side when it appears there too. */
  twins: readonly (number | null)[];
  otherSide: 'left' | 'right';
};

/** One provider's results in the server's order; places the other side also found stand out. */
export function ResultList({ places, twins, otherSide }: Props) {
  return (
    // A container query, not a viewport one: the columns sit side by side only on wide screens.
    <ol className="@container flex flex-col gap-2">
      {places.map((place, index) => {
        const twin = twins[index] ?? null;
        const isShared = twin !== null;
        return (
          <li
            key={`${place.name}-${index}`}
            data-shared={isShared || undefined}
            className={`grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-lg px-3 py-2 ring-1 @md:grid-cols-[auto_1fr_auto] ${
              isShared ? 'bg-emerald-50 ring-emerald-300' : 'bg-white ring-slate-200'
            }`}
          >
            <span
              aria-hidden="true"
              className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-900">{place.name}</p>
              <p className="font-mono text-xs whitespace-nowrap text-slate-600">
                {place.latitude.toFixed(4)}, {place.longitude.toFixed(4)}
              </p>
            </div>
            {isShared ? (
              <span className="col-start-2 justify-self-start rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 @md:col-start-3 @md:row-start-1">
                On both sides
                <span className="font-normal">
                  {' '}
                  · #{twin + 1} {otherSide}
                </span>
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
