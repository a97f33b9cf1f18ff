import type { PlaceProvider } from '@aeropool/contract/places';
import { TERMINALS, type TerminalId } from '@aeropool/contract/terminals';
import { RouteMap } from '../../../components/map/route-map';
import { Spinner } from '../../../components/ui/spinner';
import type { Side } from '../api/experiment-keys';
import type { ProviderOutcome } from '../api/search-with-provider';
import { PROVIDER_LABELS, formatLatency } from '../utils/provider-labels';
import { ResultList } from './result-list';

type Props = {
  side: Side;
  provider: PlaceProvider;
  terminal: TerminalId;
  outcome: ProviderOutcome | undefined;
  /** A newer search is running; the outcome shown is the previous one. */
  isRefreshing: boolean;
  twins: readonly (number | null)[];
};

const TITLES: Record<Side, string> = { left: 'Left results', right: 'Right results' };

export function ProviderColumn({ side, provider, terminal, outcome, isRefreshing, twins }: Props) {
  const headingId = `experiment-${side}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={isRefreshing || undefined}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {TITLES[side]}
        </h2>
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
          {PROVIDER_LABELS[provider]}
        </span>
      </header>
      {outcome ? (
        <div
          className={`flex flex-col gap-4 transition-opacity ${isRefreshing ? 'opacity-50' : ''}`}
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Latency</dt>
            <dd className="font-mono font-semibold text-slate-900">
              {formatLatency(outcome.latencyMs)}
            </dd>
            <dt className="text-slate-500">Server answer</dt>
            <dd className={outcome.isError ? 'font-semibold text-red-700' : 'text-slate-900'}>
              {outcome.statusCode} · {outcome.message}
              {outcome.isError ? null : ` · ${outcome.places.length} of at most 5 places`}
            </dd>
          </dl>
          <ColumnBody
            side={side}
            provider={provider}
            terminal={terminal}
            outcome={outcome}
            twins={twins}
          />
        </div>
      ) : (
        <Spinner label={`Searching with ${PROVIDER_LABELS[provider]}…`} />
      )}
    </section>
  );
}

function ColumnBody({
  side,
  provider,
  terminal,
  outcome,
  twins,
}: Omit<Props, 'isRefreshing'> & { outcome: ProviderOutcome }) {
  if (outcome.isError) return null;
  const [first, ...others] = outcome.places;
  if (!first) {
    return <p className="rounded-lg bg-white p-4 text-slate-600">No places found.</p>;
  }
  const from = TERMINALS.find((t) => t.id === terminal) ?? TERMINALS[0];
  // RouteMap names its first and last points as the route's ends: the terminal, then the top
  // result whose route is drawn; the other results sit between as plain markers.
  const points = [
    { latitude: from.latitude, longitude: from.longitude, label: from.name },
    ...others.map(({ latitude, longitude, name }) => ({ latitude, longitude, label: name })),
    { latitude: first.latitude, longitude: first.longitude, label: first.name },
  ];
  return (
    <>
      <ResultList
        places={outcome.places}
        twins={twins}
        otherSide={side === 'left' ? 'right' : 'left'}
      />
      <RouteMap
        points={points}
        encodedPath={first.encodedString}
        className="h-52 w-full"
        ariaLabel={`${PROVIDER_LABELS[provider]} results on a map, with the route from ${from.name} to ${first.name}`}
      />
    </>
  );
}
