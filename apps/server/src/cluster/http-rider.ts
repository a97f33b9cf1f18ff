import { randomUUID } from 'node:crypto';
import { otpFrom, type MailCapture } from '../test/mail-capture';

/** A rider driven over real HTTP (through the balancer in the cluster test and bench:cluster). */
export type HttpRider = { id: string; token: string; email: string };
type Answer = { token: string; entities: Record<string, string>[] };
type CallOptions = {
  body?: object;
  token?: string;
  node?: string;
  headers?: Record<string, string>;
};

export function httpClient(baseUrl: string, mail: MailCapture) {
  /** `node` pins the request to one instance with the balancer's sticky cookie. */
  const call = async (method: string, url: string, options: CallOptions = {}) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.node ? { cookie: `aeropool_node=${options.node}` } : {}),
        ...options.headers,
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    return { res, json: (await res.json()) as Answer };
  };
  const ok = async (method: string, url: string, options: CallOptions = {}) => {
    const { res, json } = await call(method, url, options);
    if (!res.ok) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
    return json;
  };

  /** Signs up through the OTP flow; the code may be asked on one node and checked on another. */
  async function signUp(node?: string, verifyOn = node): Promise<HttpRider> {
    const email = `http.${randomUUID()}@example.com`;
    await ok('POST', '/api/otp/generate', { body: { email, purpose: 'signup' }, node });
    const otp = otpFrom(await mail.waitFor(email, () => true, 15_000));
    const { entities } = await ok('POST', '/api/otp/verify', {
      body: { email, otp },
      node: verifyOn,
    });
    const created = await ok('POST', '/api/user/create', {
      body: {
        firstName: 'Http',
        lastName: 'Rider',
        email,
        password: 'secret123',
        verificationToken: entities[0]!.verificationToken,
      },
      node,
    });
    return { id: created.entities[0]!._id!, token: created.token, email };
  }

  const createDrop = async (
    rider: HttpRider,
    place: { name: string; latitude: number; longitude: number },
    node?: string,
  ) =>
    (
      await ok('POST', '/api/ride-request/create', {
        body: {
          source: { name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105, encodedString: '' },
          destination: { ...place, encodedString: '' },
          timeOfTravel: Date.now() + 5 * 3_600_000,
        },
        token: rider.token,
        node,
      })
    ).entities[0]!._id!;

  /** `from` asks `to`, `to` accepts; answers the match id. */
  async function match(
    from: { rider: HttpRider; ride: string },
    to: { rider: HttpRider; ride: string },
  ) {
    const sent = await ok('POST', '/api/ride-request/send-match-request', {
      body: { fromRequest: from.ride, toRequest: to.ride },
      token: from.rider.token,
    });
    const accepted = await ok('PUT', '/api/ride-request/respond-match-request', {
      body: { requestId: to.ride, matchRequestId: sent.entities[0]!._id, isAccepted: true },
      token: to.rider.token,
    });
    return accepted.entities[0]!.matchId!;
  }

  return { call, ok, signUp, createDrop, match };
}

export const KORAMANGALA = { name: 'Koramangala', latitude: 12.9352, longitude: 77.6245 };
export const INDIRANAGAR = { name: 'Indiranagar', latitude: 12.9719, longitude: 77.6412 };
