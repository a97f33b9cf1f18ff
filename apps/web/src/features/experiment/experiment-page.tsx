import { useState } from 'react';
import type { PlaceProvider } from '@aeropool/contract/places';
import { PLACE_SEARCH_MIN_CHARS } from '@aeropool/contract/terminals';
import { PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { usePlaceProviders } from './api/get-place-providers';
import { useProviderSearch } from './api/search-with-provider';
import { ComparisonControls, type ComparisonSettings } from './components/comparison-controls';
import { ProviderColumn } from './components/provider-column';
import { SharedSummary } from './components/shared-summary';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { findSharedPlaces } from './utils/shared-places';
import { defaultProviders } from './utils/provider-labels';

const OFFLINE_ONLY: PlaceProvider[] = ['offline'];

/** Spec §2 /experiment: one query through two location-search providers, side by side. */
export function ExperimentPage() {
  const providers = usePlaceProviders();
  const available = providers.data?.available ?? OFFLINE_ONLY;
  // Unset choices follow the server's list, which arrives after the first render.
  const [choices, setChoices] = useState<Partial<ComparisonSettings>>({});
  const settings: ComparisonSettings = {
    query: '',
    terminal: 'T1',
    ...defaultProviders(available),
    ...choices,
  };
  const query = useDebouncedValue(settings.query.trim(), 300);
  const isQueryReady = query.length >= PLACE_SEARCH_MIN_CHARS;

  const left = useProviderSearch('left', settings.left, settings.terminal, query);
  const right = useProviderSearch('right', settings.right, settings.terminal, query);
  const { leftTwins, rightTwins } = findSharedPlaces(
    left.data?.places ?? [],
    right.data?.places ?? [],
  );
  const isFetching = left.isFetching || right.isFetching;

  return (
    <PageShell>
      <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:py-14">
        <header className="flex flex-col gap-2">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Developer page
          </p>
          <h1 className="text-3xl font-bold text-slate-900">Location search experiment</h1>
          <p className="text-slate-600">
            Runs the same query through two location-search providers side by side, with the latency
            each one takes in this browser.
          </p>
        </header>

        <ComparisonControls
          settings={settings}
          onChange={(changes) => setChoices((current) => ({ ...current, ...changes }))}
          available={available}
          isLoadingProviders={providers.isPending}
          providersError={providers.error?.message}
        />

        {isQueryReady ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <SharedSummary
                sharedCount={leftTwins.filter((twin) => twin !== null).length}
                isReady={Boolean(left.data && right.data) && !isFetching}
              />
              <Button
                variant="secondary"
                onClick={() => void Promise.all([left.refetch(), right.refetch()])}
                isLoading={isFetching}
                loadingText="Searching…"
              >
                Run again
              </Button>
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <ProviderColumn
                side="left"
                provider={settings.left}
                terminal={settings.terminal}
                outcome={left.data}
                isRefreshing={left.isPlaceholderData || left.isRefetching}
                twins={leftTwins}
              />
              <ProviderColumn
                side="right"
                provider={settings.right}
                terminal={settings.terminal}
                outcome={right.data}
                isRefreshing={right.isPlaceholderData || right.isRefetching}
                twins={rightTwins}
              />
            </div>
          </>
        ) : (
          <p className="rounded-2xl border-2 border-dashed border-slate-300 p-8 text-center text-slate-600">
            Type at least {PLACE_SEARCH_MIN_CHARS} characters to compare the two providers.
          </p>
        )}
      </main>
    </PageShell>
  );
}
