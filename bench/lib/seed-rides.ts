import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/database';

const REQUESTS_PER_RIDER = 5;

/** `n` Active ride requests spread over Bengaluru and a week, five per rider, in two statements. */
export async function seedRides(db: Db, n: number) {
  const riders = Math.ceil(n / REQUESTS_PER_RIDER);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into users (first_name, last_name, email)
    select 'Rider', i::text, 'bench' || i || '@example.com' from generate_series(0, ${riders - 1}) i`);
  // Each rider's five requests sit in separate days, so the 2-hour rule would hold.
  await db.execute(sql`insert into ride_requests
      (rider_id, direction, terminal, place_name, place_latitude, place_longitude, route_polyline, road_metres, time_of_travel, status)
    select u.id,
           case when random() < 0.5 then 'drop' else 'pickup' end,
           case when random() < 0.5 then 'T1' else 'T2' end,
           'Place ' || g,
           12.75 + random() * 0.30,
           77.45 + random() * 0.30,
           '',
           25000 + (random() * 25000)::int,
           now() + interval '10 minutes' + ((g % ${REQUESTS_PER_RIDER}) * 24 * 60 + random() * 23 * 60) * interval '1 minute' + (random() * 2) * interval '1 day',
           'Active'
    from generate_series(0, ${n - 1}) g
    join users u on u.email = 'bench' || (g / ${REQUESTS_PER_RIDER}) || '@example.com'`);
  await db.execute(sql`analyze`);
}
