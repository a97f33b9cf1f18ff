import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { gridCellOf, gridCellsCovering } from './grid-cell';
import { createRide, PLACES } from '../../test/ride-factory';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('grid cells', () => {
  it('the database computes the same cell as the code, edges included', async () => {
    const points = [
      [12.95, 77.6],
      [12.9999999, 77.6499999],
      [13.2, 77.7],
      [PLACES.indiranagar.latitude, PLACES.indiranagar.longitude],
    ];
    for (const [lat, lng] of points) {
      const result = await t.database.db.execute(
        sql`select (floor(${lat}::float8 * 20)::integer * 10000 + floor(${lng}::float8 * 20)::integer) as cell`,
      );
      const rows = (result as unknown as { rows: { cell: number }[] }).rows;
      expect(Number(rows[0]!.cell)).toBe(gridCellOf(lat!, lng!));
    }
    const user = await t.signUp();
    const ride = await createRide(t, user, { minutesAhead: 300 });
    const stored = await t.database.db.execute(
      sql`select grid_cell, place_latitude, place_longitude from ride_requests where id = ${ride._id}`,
    );
    const row = (stored as unknown as { rows: Record<string, number>[] }).rows[0]!;
    expect(row.grid_cell).toBe(gridCellOf(row.place_latitude!, row.place_longitude!));
  });

  it('a box covers every cell it touches and no other', () => {
    const cells = gridCellsCovering({ latMin: 12.94, latMax: 13.01, lngMin: 77.59, lngMax: 77.6 });
    expect(cells).toEqual([258_1551, 258_1552, 259_1551, 259_1552, 260_1551, 260_1552]);
    expect(cells).toContain(gridCellOf(12.97, 77.595));
  });
});
