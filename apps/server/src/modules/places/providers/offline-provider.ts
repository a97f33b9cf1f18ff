import { getGazetteer } from '../gazetteer';
import type { GeocoderProvider } from './geocoder-provider';

/**
 * The default provider: the embedded gazetteer, which already keeps to the box and ranks by
 * match then centre distance. No network, so it never fails.
 */
export const offlineProvider: GeocoderProvider = {
  name: 'offline',
  search: async (query, limit) =>
    getGazetteer()
      .search(query, limit)
      .map(({ name, latitude, longitude }) => ({ name, latitude, longitude })),
};
