// The terminals and the city's box, free of zod: the web app's pages import them from here, so
// zod and the schemas load only with the forms that validate (issue 7). places.ts re-exports them.

/** Spec §3: the two fixed airport terminals. */
export const TERMINALS = [
  { id: 'T1', name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105 },
  { id: 'T2', name: 'Terminal 2', latitude: 13.1989, longitude: 77.7068 },
] as const;
export type Terminal = (typeof TERMINALS)[number];
export type TerminalId = Terminal['id'];

/** Spec §5/§9: location search limits; the box covers the city, not the airport. */
export const PLACE_SEARCH_MIN_CHARS = 3;
export const PLACE_SEARCH_LIMIT = 5;
export const CITY_BOUNDS = {
  minLatitude: 12.7,
  maxLatitude: 13.1,
  minLongitude: 77.4,
  maxLongitude: 77.8,
};
export const CITY_CENTRE = { latitude: 12.9716, longitude: 77.5946 };

export const isInCityBounds = (p: { latitude: number; longitude: number }) =>
  p.latitude >= CITY_BOUNDS.minLatitude &&
  p.latitude <= CITY_BOUNDS.maxLatitude &&
  p.longitude >= CITY_BOUNDS.minLongitude &&
  p.longitude <= CITY_BOUNDS.maxLongitude;

/** Within ~50 m of a terminal's coordinates counts as that terminal. */
export const terminalAt = (p: { latitude: number; longitude: number }): Terminal | undefined =>
  TERMINALS.find(
    (t) =>
      Math.abs(t.latitude - p.latitude) < 0.0005 && Math.abs(t.longitude - p.longitude) < 0.0005,
  );
