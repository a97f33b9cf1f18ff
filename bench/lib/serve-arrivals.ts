/**
 * Cabs as the product forms them over time (docs/match-quality.md, "in posting order"): riders post
 * one after another, in a seeded order independent of their trip times. Each new rider asks for
 * their potential matches at that moment (riders waiting alone, and cabs of two with room), sends
 * a match request for the card that saves them most (or, for comparison, the top card), and it is
 * accepted: by a rider waiting alone always, by a cab only when no rider already in it would save
 * less with the newcomer. Everything goes through the server's API, on PGlite, as riders' own
 * requests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { PotentialMatch } from '@aeropool/contract/rides';
import { buildApp } from '../../apps/server/src/app';
import { rideRequests } from '../../apps/server/src/db/schema';
import { loadSecrets } from '../../apps/server/src/lib/secrets';
import { fitCab } from '../../apps/server/src/modules/matching/cab-fit';
import { fitLimits } from '../../apps/server/src/modules/matching/ride-fit';
import { openTestDatabase } from '../../apps/server/src/test/test-database';
import { airportRideBody, postingOrder, type AirportRide } from './airport-day';
import { benchConfig } from './bench-config';
import { insertDayRiders, requestName } from './day-riders';
import type { BenchRequest, Cab } from './greedy-cabs';

/**
 * The card a newcomer asks first: the most rupees saved (what each card shows the rider), or, for
 * comparison, the top of the list as the page sorts it (matchPercentage, spec §9).
 */
const ORDERS = {
  saving: (x: PotentialMatch, y: PotentialMatch) =>
    y.fit.saving - x.fit.saving ||
    y.matchPercentage - x.matchPercentage ||
    (x._id < y._id ? -1 : 1),
  percentage: (x: PotentialMatch, y: PotentialMatch) =>
    y.matchPercentage - x.matchPercentage ||
    y.fit.saving - x.fit.saving ||
    (x._id < y._id ? -1 : 1),
};

export async function serveArrivals(
  day: AirportRide[],
  orderSeed: number,
  choose: keyof typeof ORDERS = 'saving',
) {
  process.env.TEST_DB = 'pglite';
  const { database, drop } = await openTestDatabase();
  // The match mails go to an outbox of this run's own, removed with it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-arrivals-'));
  try {
    const config = benchConfig({ DATA_DIR: dataDir });
    const app = await buildApp({ config, database, secrets: loadSecrets(config) });
    await app.ready();
    const limits = fitLimits(app);
    const riders = await insertDayRiders(database.db, day.length, 'arrival');
    const call = async (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      token: string,
      payload?: object,
    ) => {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };

    const requests: BenchRequest[] = [];
    const nameOf = new Map<string, string>();
    const tokenOf = new Map<string, string>();
    const byName = new Map<string, BenchRequest>();
    const cabOfMatch = new Map<string, Cab>();
    let asked = 0;
    let refusedByCab = 0;
    const started = Date.now();

    for (const i of postingOrder(day.length, orderSeed)) {
      const ride = day[i]!;
      const token = await app.sessions.issue(riders[i]!);
      const created = await call('POST', '/api/ride-request/create', token, airportRideBody(ride));
      if (created.status !== 201)
        throw new Error(`ride-request/create: ${JSON.stringify(created)}`);
      const id: string = created.body.entities[0]._id;
      const [row] = await database.db.select().from(rideRequests).where(eq(rideRequests.id, id));
      const name = requestName(i);
      const request: BenchRequest = {
        id: name,
        seats: ride.seats,
        bags: ride.bags,
        rider: {
          id: name,
          direction: row!.direction,
          terminal: row!.terminal,
          place: { latitude: row!.placeLatitude, longitude: row!.placeLongitude },
          timeMs: row!.timeOfTravel.getTime(),
        },
      };
      requests.push(request);
      byName.set(name, request);
      nameOf.set(id, name);
      tokenOf.set(id, token);

      const listed = await call(
        'GET',
        `/api/ride-request/potential-matches-and-requests/${id}`,
        token,
      );
      if (listed.status !== 200) throw new Error(`potential-matches: ${JSON.stringify(listed)}`);
      const cards = [...(listed.body.entities[0].potentialMatches as PotentialMatch[])].sort(
        ORDERS[choose],
      );
      for (const card of cards) {
        const cab = card.cab ? cabOfMatch.get(card.cab.matchId) : undefined;
        let joined: Cab | undefined;
        if (card.cab) {
          if (!cab) throw new Error(`a cab the bench did not form: ${card.cab.matchId}`);
          const members = [...cab.members, name].map((n) => byName.get(n)!);
          const fit = fitCab(
            members.map((m) => m.rider),
            limits,
          );
          const noneWorse =
            fit !== null &&
            cab.fit.riders.every(
              (before) => fit.riders.find((r) => r.id === before.id)!.saving >= before.saving,
            );
          if (!noneWorse) {
            refusedByCab += 1;
            continue;
          }
          joined = { members: members.map((m) => m.id), fit: fit! };
        }
        asked += 1;
        const sent = await call('POST', '/api/ride-request/send-match-request', token, {
          fromRequest: id,
          toRequest: card._id,
        });
        if (sent.status !== 201) continue;
        const answered = await call(
          'PUT',
          '/api/ride-request/respond-match-request',
          tokenOf.get(card._id)!,
          { requestId: card._id, matchRequestId: sent.body.entities[0]._id, isAccepted: true },
        );
        if (answered.status !== 200) continue;
        const matchId: string = answered.body.entities[0].matchId;
        if (joined) {
          cabOfMatch.set(matchId, joined);
        } else {
          const pair = [byName.get(nameOf.get(card._id)!)!, request];
          const fit = fitCab(
            pair.map((m) => m.rider),
            limits,
          );
          if (!fit) throw new Error(`a pair the server matched does not fit here: ${matchId}`);
          cabOfMatch.set(matchId, { members: pair.map((m) => m.id), fit });
        }
        break;
      }
    }
    const ms = Date.now() - started;
    await app.close();
    return { requests, cabs: [...cabOfMatch.values()], asked, refusedByCab, ms };
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
