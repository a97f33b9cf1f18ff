import { TIME_ZONE_OFFSET_MS } from '@aeropool/contract/product';
import { haversineMetres, type LatLng } from './distance';

/**
 * Road distance and minutes between the airport and the city on the airport's access corridors
 * (issue 10, docs/matching.md). Roads to Kempegowda airport funnel through a few corridors, so a
 * trip is: the terminal → along a corridor (as far as it helps) → the city part to the place,
 * with a circuity factor for the city part. Two places are joined by the city part alone.
 *
 * The figures are approximations checked against typical map distances (airport → Hebbal 29 km,
 * → Indiranagar ~37 km, → Whitefield ~38 km, → Koramangala ~42 km, → Electronic City ~55 km).
 */
export type Corridor = {
  id: string;
  name: string;
  /** Where the corridor leaves the airport and where it meets the city. */
  from: LatLng;
  to: LatLng;
  /** Road kilometres from the terminals to the gateway `to`. */
  roadKm: number;
};

export const AIRPORT_CORRIDORS: readonly Corridor[] = [
  {
    id: 'nh44',
    name: 'NH44 via Hebbal',
    from: { latitude: 13.1986, longitude: 77.7087 },
    to: { latitude: 13.0358, longitude: 77.5971 },
    roadKm: 29,
  },
  {
    id: 'hennur',
    name: 'Hennur / Thanisandra',
    from: { latitude: 13.1986, longitude: 77.7087 },
    to: { latitude: 13.045, longitude: 77.639 },
    roadKm: 27,
  },
  {
    id: 'east',
    name: 'Budigere Cross toward Whitefield',
    from: { latitude: 13.1986, longitude: 77.7087 },
    to: { latitude: 13.026, longitude: 77.755 },
    roadKm: 30,
  },
];

/** City roads run this much longer than the straight line between two places. */
export const CITY_CIRCUITY = 1.25;
/** Terminal 1 ↔ Terminal 2 by road, and the minutes it takes to collect a rider at the other. */
export const TERMINAL_HOP_KM = 1.5;
export const TERMINAL_HOP_MINUTES = 6;

/** km/h on the corridor and in the city, by the hour the trip starts (Asia/Kolkata). */
export const SPEEDS = [
  { name: 'night', fromHour: 21, toHour: 7, corridor: 60, city: 30 },
  { name: 'morning peak', fromHour: 7, toHour: 11, corridor: 40, city: 18 },
  { name: 'midday', fromHour: 11, toHour: 16, corridor: 50, city: 24 },
  { name: 'evening peak', fromHour: 16, toHour: 21, corridor: 40, city: 18 },
] as const;

export function speedsAt(timeMs: number): { corridor: number; city: number } {
  const hour = new Date(timeMs + TIME_ZONE_OFFSET_MS).getUTCHours();
  const band =
    SPEEDS.find((s) =>
      s.fromHour < s.toHour
        ? hour >= s.fromHour && hour < s.toHour
        : hour >= s.fromHour || hour < s.toHour,
    ) ?? SPEEDS[0];
  return { corridor: band.corridor, city: band.city };
}

/** A leg split into the part on a corridor and the part on city roads. */
export type Leg = { corridorKm: number; cityKm: number };

export const legKm = (leg: Leg) => leg.corridorKm + leg.cityKm;

export const legMinutes = (leg: Leg, timeMs: number) => {
  const speed = speedsAt(timeMs);
  return (60 * leg.corridorKm) / speed.corridor + (60 * leg.cityKm) / speed.city;
};

export const cityLeg = (a: LatLng, b: LatLng): Leg => ({
  corridorKm: 0,
  cityKm: (haversineMetres(a, b) / 1000) * CITY_CIRCUITY,
});

/** The point of segment from→to nearest `p` (flat earth is exact enough over 30 km), as 0..1. */
function along(segment: Corridor, p: LatLng): number {
  const k = Math.cos((segment.from.latitude * Math.PI) / 180);
  const dx = (segment.to.longitude - segment.from.longitude) * k;
  const dy = segment.to.latitude - segment.from.latitude;
  const px = (p.longitude - segment.from.longitude) * k;
  const py = p.latitude - segment.from.latitude;
  return Math.min(1, Math.max(0, (px * dx + py * dy) / (dx * dx + dy * dy)));
}

const pointAt = (segment: Corridor, t: number): LatLng => ({
  latitude: segment.from.latitude + t * (segment.to.latitude - segment.from.latitude),
  longitude: segment.from.longitude + t * (segment.to.longitude - segment.from.longitude),
});

/**
 * The airport ↔ place leg: along the corridor that gives the shortest road, leaving it where it
 * passes nearest the place. Either terminal: they are 1.5 km apart and share the corridors.
 */
export function airportLeg(place: LatLng): Leg & { corridor: Corridor } {
  let best: (Leg & { corridor: Corridor }) | undefined;
  for (const corridor of AIRPORT_CORRIDORS) {
    const t = along(corridor, place);
    const leg = {
      corridor,
      corridorKm: corridor.roadKm * t,
      cityKm: (haversineMetres(pointAt(corridor, t), place) / 1000) * CITY_CIRCUITY,
    };
    if (!best || legKm(leg) < legKm(best)) best = leg;
  }
  return best!;
}

/** A request's solo trip: road kilometres and minutes at its time of travel. */
export function soloTrip(place: LatLng, timeMs: number): { km: number; minutes: number } {
  const leg = airportLeg(place);
  return { km: legKm(leg), minutes: legMinutes(leg, timeMs) };
}
