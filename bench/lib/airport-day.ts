/**
 * A seeded synthetic day of airport rides in Bengaluru (docs/match-quality.md): flight banks for
 * the times, weighted neighbourhoods for the places, half to and half from the airport. The same
 * seed and size give the same day; nothing here reads Math.random or the clock.
 */
import { CITY_BOUNDS, isInCityBounds, TERMINALS, type TerminalId } from '@aeropool/contract/places';

/** mulberry32: small, fast and good enough to draw a synthetic day from. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = { weight: number; value: T };

const pick = <T>(random: () => number, items: readonly Weighted<T>[]): T => {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let x = random() * total;
  for (const item of items) {
    x -= item.weight;
    if (x < 0) return item.value;
  }
  return items.at(-1)!.value;
};

/** Where riders live and work, with a share of the day's demand (weights, not percentages). */
export const NEIGHBOURHOODS: readonly Weighted<{
  name: string;
  latitude: number;
  longitude: number;
}>[] = [
  { weight: 12, value: { name: 'Whitefield', latitude: 12.9698, longitude: 77.75 } },
  { weight: 9, value: { name: 'Electronic City', latitude: 12.8452, longitude: 77.6602 } },
  { weight: 9, value: { name: 'Koramangala', latitude: 12.9352, longitude: 77.6245 } },
  { weight: 8, value: { name: 'HSR Layout', latitude: 12.9116, longitude: 77.6389 } },
  { weight: 7, value: { name: 'Indiranagar', latitude: 12.9784, longitude: 77.6408 } },
  { weight: 7, value: { name: 'Marathahalli', latitude: 12.9569, longitude: 77.7011 } },
  { weight: 7, value: { name: 'Bellandur', latitude: 12.926, longitude: 77.6762 } },
  { weight: 6, value: { name: 'Manyata Tech Park', latitude: 13.0475, longitude: 77.621 } },
  { weight: 6, value: { name: 'Sarjapur Road', latitude: 12.9105, longitude: 77.6855 } },
  { weight: 5, value: { name: 'Hebbal', latitude: 13.0358, longitude: 77.597 } },
  { weight: 5, value: { name: 'JP Nagar', latitude: 12.9063, longitude: 77.5857 } },
  { weight: 4, value: { name: 'Yelahanka', latitude: 13.0935, longitude: 77.5963 } },
  { weight: 4, value: { name: 'Jayanagar', latitude: 12.925, longitude: 77.5938 } },
  { weight: 4, value: { name: 'Malleshwaram', latitude: 13.0035, longitude: 77.5709 } },
  { weight: 4, value: { name: 'BTM Layout', latitude: 12.9166, longitude: 77.6101 } },
  { weight: 4, value: { name: 'MG Road', latitude: 12.9756, longitude: 77.605 } },
  { weight: 4, value: { name: 'Kalyan Nagar', latitude: 13.028, longitude: 77.64 } },
  { weight: 3, value: { name: 'Rajajinagar', latitude: 12.9915, longitude: 77.554 } },
  { weight: 3, value: { name: 'Banashankari', latitude: 12.9255, longitude: 77.5468 } },
  { weight: 2, value: { name: 'Yeshwanthpur', latitude: 13.028, longitude: 77.5409 } },
];

/** Outside the named neighbourhoods: anywhere within this many km of the centre. */
const DIFFUSE_SHARE = 0.06;
const DIFFUSE_RADIUS_KM = 12;
const DIFFUSE_CENTRE = { latitude: 12.9716, longitude: 77.5946 };
/** A rider's place lies up to this far from their neighbourhood's centre (uniform on the disc). */
const JITTER_KM = 2;

/**
 * Flight banks, hours in Asia/Kolkata: the busy waves at Kempegowda plus a thin background the
 * whole day. A request's time is uniform within its bank, rounded to 5 minutes.
 */
export const FLIGHT_BANKS: readonly Weighted<{ name: string; fromHour: number; toHour: number }>[] =
  [
    { weight: 30, value: { name: 'morning', fromHour: 5, toHour: 9 } },
    { weight: 18, value: { name: 'midday', fromHour: 11, toHour: 14 } },
    { weight: 30, value: { name: 'evening', fromHour: 17, toHour: 22 } },
    { weight: 12, value: { name: 'late night', fromHour: 22.5, toHour: 25.5 } },
    { weight: 10, value: { name: 'background', fromHour: 0, toHour: 24 } },
  ];

const T1_SHARE = 0.55;
const DROP_SHARE = 0.5;
const COMPANION_SHARE = 0.15;
const BAGS: readonly Weighted<number>[] = [
  { weight: 15, value: 0 },
  { weight: 45, value: 1 },
  { weight: 30, value: 2 },
  { weight: 10, value: 3 },
];

export type AirportRide = {
  direction: 'drop' | 'pickup';
  terminal: TerminalId;
  place: { name: string; latitude: number; longitude: number };
  /** Drop: at the kerb; pickup: when to be collected (epoch ms). */
  timeMs: number;
  seats: 1 | 2;
  bags: number;
};

const KM_PER_DEGREE = 111.2;

function pointNear(
  random: () => number,
  centre: { latitude: number; longitude: number },
  radiusKm: number,
) {
  for (;;) {
    const r = radiusKm * Math.sqrt(random());
    const angle = 2 * Math.PI * random();
    const point = {
      latitude: centre.latitude + (r * Math.sin(angle)) / KM_PER_DEGREE,
      longitude:
        centre.longitude +
        (r * Math.cos(angle)) / (KM_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180)),
    };
    // Round to ~1 m, as a geocoder would; Yelahanka sits near the box's northern edge.
    point.latitude = Math.round(point.latitude * 1e5) / 1e5;
    point.longitude = Math.round(point.longitude * 1e5) / 1e5;
    if (isInCityBounds(point) && point.latitude < CITY_BOUNDS.maxLatitude) return point;
  }
}

/** Midnight (Asia/Kolkata) `daysAhead` days after the IST date of `nowMs`. */
export function istMidnight(nowMs: number, daysAhead: number): number {
  const offset = 330 * 60_000;
  const istDay = Math.floor((nowMs + offset) / 86_400_000);
  return (istDay + daysAhead) * 86_400_000 - offset;
}

/** `n` requests for the day starting at `dayStartMs` (IST midnight), drawn from `seed`. */
export function airportDay(n: number, seed: number, dayStartMs: number): AirportRide[] {
  const random = mulberry32(seed);
  const rides: AirportRide[] = [];
  for (let i = 0; i < n; i += 1) {
    const bank = pick(random, FLIGHT_BANKS);
    const hour = bank.fromHour + random() * (bank.toHour - bank.fromHour);
    const minutes = Math.round((hour * 60) / 5) * 5;
    const diffuse = random() < DIFFUSE_SHARE;
    const area = diffuse ? undefined : pick(random, NEIGHBOURHOODS);
    const point = area
      ? pointNear(random, area, JITTER_KM)
      : pointNear(random, DIFFUSE_CENTRE, DIFFUSE_RADIUS_KM);
    rides.push({
      direction: random() < DROP_SHARE ? 'drop' : 'pickup',
      terminal: random() < T1_SHARE ? 'T1' : 'T2',
      place: { name: `${area?.name ?? 'Bengaluru'} ${i + 1}`, ...point },
      // The late-night bank runs past midnight: its small hours wrap to the start of the same day.
      timeMs: dayStartMs + (minutes % (24 * 60)) * 60_000,
      seats: random() < COMPANION_SHARE ? 2 : 1,
      bags: pick(random, BAGS),
    });
  }
  return rides.sort((a, b) => a.timeMs - b.timeMs);
}

const placeBody = (p: { name: string; latitude: number; longitude: number }) => ({
  ...p,
  encodedString: '',
});

/** The body of POST /api/ride-request/create for a ride of the day. */
export function airportRideBody(ride: AirportRide) {
  const terminal = TERMINALS.find((t) => t.id === ride.terminal)!;
  const city = placeBody(ride.place);
  const airport = placeBody(terminal);
  return {
    source: ride.direction === 'drop' ? airport : city,
    destination: ride.direction === 'drop' ? city : airport,
    timeOfTravel: ride.timeMs,
    seats: ride.seats,
    bags: ride.bags,
  };
}

/** The day's rides in a seeded order of posting, independent of their trip times. */
export function postingOrder(n: number, seed: number): number[] {
  const random = mulberry32(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
