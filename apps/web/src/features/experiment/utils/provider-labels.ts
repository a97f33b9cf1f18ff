import type { PlaceProvider } from '@aeropool/contract/places';

/** How the page names each provider; the select values stay the API's ids. */
export const PROVIDER_LABELS: Record<PlaceProvider, string> = {
  offline: 'Offline gazetteer',
  photon: 'Photon',
  nominatim: 'Nominatim',
};

/** Left is the offline gazetteer; right is the configured online provider, if there is one. */
export function defaultProviders(available: readonly PlaceProvider[]) {
  return {
    left: 'offline' as PlaceProvider,
    right: available.find((provider) => provider !== 'offline') ?? ('offline' as PlaceProvider),
  };
}

export const formatLatency = (milliseconds: number) => `${Math.round(milliseconds)} ms`;
