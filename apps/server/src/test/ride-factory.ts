import { TERMINALS } from '@aeropool/contract/places';
import type { RideRequest } from '@aeropool/contract/rides';
import type { SignedUpUser, TestApp } from './test-app';

export const PLACES = {
  koramangala: { name: 'Koramangala', latitude: 12.9352, longitude: 77.6245 },
  indiranagar: { name: 'Indiranagar', latitude: 12.9784, longitude: 77.6408 },
  hsrLayout: { name: 'HSR Layout', latitude: 12.9116, longitude: 77.6389 },
  whitefield: { name: 'Whitefield', latitude: 12.9698, longitude: 77.75 },
  electronicCity: { name: 'Electronic City', latitude: 12.8452, longitude: 77.6602 },
};

type RideOptions = {
  place?: { name: string; latitude: number; longitude: number };
  minutesAhead?: number;
  direction?: 'drop' | 'pickup';
  terminal?: 'T1' | 'T2';
  seats?: number;
  bags?: number;
};

export function rideBody(t: TestApp, options: RideOptions = {}) {
  const {
    place = PLACES.koramangala,
    minutesAhead = 180,
    direction = 'drop',
    terminal = 'T1',
    seats,
    bags,
  } = options;
  const term = TERMINALS.find((x) => x.id === terminal)!;
  const terminalPlace = {
    name: term.name,
    latitude: term.latitude,
    longitude: term.longitude,
    encodedString: '',
  };
  const city = { ...place, encodedString: '' };
  return {
    source: direction === 'drop' ? terminalPlace : city,
    destination: direction === 'drop' ? city : terminalPlace,
    timeOfTravel: t.clock.now().getTime() + minutesAhead * 60_000,
    ...(seats !== undefined ? { seats } : {}),
    ...(bags !== undefined ? { bags } : {}),
  };
}

export async function createRide(
  t: TestApp,
  user: SignedUpUser,
  options: RideOptions = {},
): Promise<RideRequest> {
  const res = await t.request({
    method: 'POST',
    url: '/api/ride-request/create',
    token: user.token,
    payload: rideBody(t, options),
  });
  if (res.statusCode !== 201) throw new Error(`ride-request/create: ${res.body}`);
  return res.json().entities[0];
}

export async function matchesOf(t: TestApp, user: SignedUpUser, requestId: string) {
  const res = await t.request({
    method: 'GET',
    url: `/api/ride-request/potential-matches-and-requests/${requestId}`,
    token: user.token,
  });
  if (res.statusCode !== 200) throw new Error(`potential-matches: ${res.body}`);
  return res.json().entities[0];
}

export async function sendMatch(
  t: TestApp,
  user: SignedUpUser,
  fromRequest: string,
  toRequest: string,
) {
  return t.request({
    method: 'POST',
    url: '/api/ride-request/send-match-request',
    token: user.token,
    payload: { fromRequest, toRequest },
  });
}

export async function respond(
  t: TestApp,
  user: SignedUpUser,
  requestId: string,
  matchRequestId: string,
  isAccepted = true,
) {
  return t.request({
    method: 'PUT',
    url: '/api/ride-request/respond-match-request',
    token: user.token,
    payload: { requestId, matchRequestId, isAccepted },
  });
}

/** `by` blocks `who` (POST /api/blocks). */
export async function block(t: TestApp, by: SignedUpUser, who: SignedUpUser) {
  return t.request({
    method: 'POST',
    url: '/api/blocks',
    token: by.token,
    payload: { userId: who.id },
  });
}

/** Two riders with compatible drops, matched: returns both rides and the match id. */
export async function matchedPair(
  t: TestApp,
  a: SignedUpUser,
  b: SignedUpUser,
  options: RideOptions = {},
) {
  const rideA = await createRide(t, a, options);
  const rideB = await createRide(t, b, { ...options, place: PLACES.indiranagar });
  const sent = await sendMatch(t, a, rideA._id, rideB._id);
  if (sent.statusCode !== 201) throw new Error(`send-match-request: ${sent.body}`);
  const accepted = await respond(t, b, rideB._id, sent.json().entities[0]._id);
  if (accepted.statusCode !== 200) throw new Error(`respond: ${accepted.body}`);
  return { rideA, rideB, matchId: accepted.json().entities[0].matchId as string };
}

/** `by` reports `who` (POST /api/reports). */
export async function report(
  t: TestApp,
  by: SignedUpUser,
  who: SignedUpUser,
  { reason = 'Harassment', description = 'Rude messages in chat.' } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/reports',
    token: by.token,
    payload: { userId: who.id, reason, description },
  });
}
