import { expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { fitFormedCab, formedAtOf, type CabRow } from './ride-fit';

const BASE = Date.UTC(2026, 11, 1, 4, 0);
const minutes = (m: number) => new Date(BASE + m * 60_000);
const ride = (id: string, latitude: number, longitude: number, atMinute: number): CabRow => ({
  id,
  riderId: `rider-${id}`,
  direction: 'pickup',
  terminal: 'T1',
  placeLatitude: latitude,
  placeLongitude: longitude,
  timeOfTravel: minutes(atMinute),
  seats: 1,
  bags: 1,
});

it('shows a formed cab the plan it was formed with, not one whose first pickup had passed by then', () => {
  // Three rides to the airport. A and C were a pair; B joined at minute -7.5, when the cab's
  // best plan of all (C first, at about -8.1) could no longer be driven: the accept took the best
  // one starting after it (A, C, B).
  const cab = [
    ride('a', 12.9363, 77.6011, 3),
    ride('b', 12.9671, 77.6293, 9),
    ride('c', 12.9392, 77.5915, -9),
  ];
  const joinedAt = minutes(-7.5);
  const ctx = { config: loadConfig({}) };
  const plan = fitFormedCab(ctx, cab, joinedAt)!;
  const order = [...plan.riders].sort((x, y) => x.position - y.position).map((r) => r.id);
  expect(order).toEqual(['a', 'c', 'b']);
  expect(Math.min(...plan.riders.map((r) => r.reachesAtMs))).toBeGreaterThan(joinedAt.getTime());
});

it('takes a cab as formed when its last rider joined, or when it was matched', () => {
  const created = minutes(-30);
  expect(formedAtOf(created, [{ joinedAt: null }, { joinedAt: null }])).toEqual(created);
  expect(formedAtOf(created, [{ joinedAt: null }, { joinedAt: minutes(-5) }])).toEqual(minutes(-5));
});
