import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket } from '../test/socket-client';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ JWT_TTL_DAYS: '1' });
  url = await t.listen();
});
afterAll(() => t.close());

describe('a live socket', () => {
  it('ends when its session ends by itself, as a request with that token would be refused', async () => {
    const rider = await t.signUp();
    // Connected seconds before the day-long session runs out (its token's expiry is in whole
    // seconds, so a little earlier).
    t.clock.advance(24 * 60 * 60_000 - 3000);
    const socket = await connectSocket(url, rider.token);
    try {
      const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect(reason).toBe('io server disconnect');
      await expect(connectSocket(url, rider.token)).rejects.toThrow('Please log in to continue.');
    } finally {
      socket.close();
    }
  });

  it('stays while its session lasts', async () => {
    const rider = await t.signUp();
    const socket = await connectSocket(url, rider.token);
    try {
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('is dropped when its session is revoked while its handshake is being checked', async () => {
    const rider = await t.signUp();
    const { sessions } = t.app;
    const revocationsHeard: string[] = [];
    sessions.onRevoked(({ sessionId }) => sessionId && revocationsHeard.push(sessionId));
    const verify = sessions.verify;
    // The rider logs out between the handshake's check and the socket joining its rooms: the
    // check answers "live", and every instance has dropped the session's sockets (none yet).
    sessions.verify = async (token) => {
      const identity = await verify(token);
      if (identity && token === rider.token && !revocationsHeard.includes(identity.sessionId)) {
        await sessions.revoke(identity.sessionId);
        await expect.poll(() => revocationsHeard).toContain(identity.sessionId);
      }
      return identity;
    };
    let socket: Awaited<ReturnType<typeof connectSocket>> | undefined;
    try {
      socket = await connectSocket(url, rider.token);
      // Polled rather than heard: the server's disconnect can arrive with its connect, before a
      // listener added here. The client does not reconnect by itself (connectSocket).
      const connected = socket;
      await expect.poll(() => connected.connected, { timeout: 5000 }).toBe(false);
    } finally {
      sessions.verify = verify;
      socket?.close();
    }
  });
});
