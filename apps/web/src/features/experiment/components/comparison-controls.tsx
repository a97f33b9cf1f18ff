import type { PlaceProvider } from '@aeropool/contract/places';
import { PLACE_SEARCH_MIN_CHARS, TERMINALS, type TerminalId } from '@aeropool/contract/terminals';
import { TextField } from '../../../components/ui/text-field';
import { PROVIDER_LABELS } from '../utils/provider-labels';
import { LabelledSelect } from './labelled-select';

export type ComparisonSettings = {
  query: string;
  terminal: TerminalId;
  left: PlaceProvider;
  right: PlaceProvider;
};

type Props = {
  settings: ComparisonSettings;
  onChange: (changes: Partial<ComparisonSettings>) => void;
  available: readonly PlaceProvider[];
  isLoadingProviders: boolean;
  providersError?: string;
};

const TERMINAL_OPTIONS = TERMINALS.map((terminal) => ({
  value: terminal.id,
  label: terminal.name,
}));

export function ComparisonControls({
  settings,
  onChange,
  available,
  isLoadingProviders,
  providersError,
}: Props) {
  const providerOptions = available.map((provider) => ({
    value: provider,
    label: PROVIDER_LABELS[provider],
  }));
  const isOnlyOffline = !isLoadingProviders && available.every((p) => p === 'offline');

  return (
    <form
      role="search"
      aria-label="Compare location search providers"
      // Results follow the typing; Enter has nothing more to send.
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        label="Search query"
        type="search"
        value={settings.query}
        onChange={(event) => onChange({ query: event.target.value })}
        placeholder="e.g. Koramangala"
        autoComplete="off"
        minLength={PLACE_SEARCH_MIN_CHARS}
        maxLength={100}
        hint={`At least ${PLACE_SEARCH_MIN_CHARS} characters; updates as you type.`}
      />
      <LabelledSelect
        label="Terminal"
        value={settings.terminal}
        options={TERMINAL_OPTIONS}
        onChange={(terminal) => onChange({ terminal })}
      />
      <LabelledSelect
        label="Left provider"
        value={settings.left}
        options={providerOptions}
        onChange={(left) => onChange({ left })}
        disabled={isLoadingProviders}
      />
      <LabelledSelect
        label="Right provider"
        value={settings.right}
        options={providerOptions}
        onChange={(right) => onChange({ right })}
        disabled={isLoadingProviders}
      />
      {providersError ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">
          Could not load the provider list ({providersError}); only the offline gazetteer is
          offered.
        </p>
      ) : isOnlyOffline ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 sm:col-span-2 lg:col-span-4">
          Only the offline gazetteer is configured on this server; set GEOCODER and GEOCODER_URL to
          compare with Photon or Nominatim.
        </p>
      ) : null}
    </form>
  );
}
