import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@aeropool/contract/chat';
import {
  enqueue,
  markAttemptFailed,
  markRejected,
  markSending,
  nextToSend,
  removeStored,
  requeueInFlight,
  retryDelay,
  type OutboxItem,
} from './outbox';
import { createRoomReducer, initialRoomState, type RoomState } from './room-state';

const SELF = 'u-self';
const stored = (clientId: string, userId = SELF, id = `m-${clientId}`): ChatMessage => ({
  _id: id,
  matchId: 'match-1',
  userId: { _id: userId, firstName: 'Ravi', lastName: 'K', email: 'ravi@example.com' },
  messageText: 'hi',
  timestamp: '2026-11-21T10:00:00.000Z',
  clientId,
});

const twoQueued = (): OutboxItem[] =>
  enqueue(enqueue([], { clientId: 'a', messageText: 'first', now: 1 }), {
    clientId: 'b',
    messageText: 'second',
    now: 2,
  });

describe('nextToSend', () => {
  it('sends strictly in order, one at a time', () => {
    let outbox = twoQueued();
    expect(nextToSend(outbox, 10)).toEqual({ item: outbox[0] });
    outbox = markSending(outbox, 'a');
    expect(nextToSend(outbox, 10)).toBeNull();
    outbox = removeStored(outbox, [stored('a')], SELF);
    expect(nextToSend(outbox, 10)).toEqual({ item: outbox[0] });
    expect(outbox[0]?.clientId).toBe('b');
  });

  it('waits for a backed-off head instead of overtaking it', () => {
    let outbox = markSending(twoQueued(), 'a');
    outbox = markAttemptFailed(outbox, {
      clientId: 'a',
      attempt: 1,
      notBefore: 5000,
      status: 'failed',
    });
    expect(nextToSend(outbox, 1000)).toEqual({ waitMs: 4000 });
    expect(nextToSend(outbox, 5000)).toMatchObject({ item: { clientId: 'a', status: 'failed' } });
  });

  it('skips messages refused for good', () => {
    const outbox = markRejected(twoQueued(), 'Invalid.', 'a');
    expect(nextToSend(outbox, 0)).toMatchObject({ item: { clientId: 'b' } });
    expect(nextToSend(markRejected(outbox, 'Closed.'), 0)).toBeNull();
  });
});

describe('retries', () => {
  it('keeps the clientId and counts attempts', () => {
    let outbox = markSending(twoQueued(), 'a');
    outbox = requeueInFlight(outbox);
    outbox = markSending(outbox, 'a');
    expect(outbox[0]).toMatchObject({ clientId: 'a', attempt: 2, status: 'sending' });
  });

  it('ignores a late failure of an attempt that is no longer current', () => {
    let outbox = markSending(twoQueued(), 'a');
    outbox = requeueInFlight(outbox); // disconnected
    outbox = markSending(outbox, 'a'); // attempt 2 after rejoining
    const late = markAttemptFailed(outbox, {
      clientId: 'a',
      attempt: 1,
      notBefore: 99,
      status: 'failed',
    });
    expect(late[0]).toMatchObject({ status: 'sending', attempt: 2 });
  });

  it('drops a failure’s back-off on a new connection, not a rate limit’s wait', () => {
    let outbox = markSending(twoQueued(), 'a');
    outbox = markAttemptFailed(outbox, {
      clientId: 'a',
      attempt: 1,
      notBefore: 30_000,
      status: 'failed',
    });
    expect(nextToSend(outbox, 1000)).toEqual({ waitMs: 29_000 });
    outbox = requeueInFlight(outbox); // disconnected
    expect(nextToSend(outbox, 1000)).toMatchObject({ item: { clientId: 'a', failures: 0 } });

    // Failures counted on the connection (the back-off), not the attempts (the acknowledgements).
    outbox = markSending(outbox, 'a');
    outbox = markAttemptFailed(outbox, {
      clientId: 'a',
      attempt: 2,
      notBefore: 0,
      status: 'failed',
    });
    expect(outbox[0]).toMatchObject({ attempt: 2, failures: 1 });

    let limited = markSending(twoQueued(), 'a');
    limited = markAttemptFailed(limited, {
      clientId: 'a',
      attempt: 1,
      notBefore: 60_000,
      status: 'queued',
    });
    expect(nextToSend(requeueInFlight(limited), 1000)).toEqual({ waitMs: 59_000 });
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('removeStored', () => {
  it('drops only own messages the server has stored', () => {
    const outbox = twoQueued();
    expect(removeStored(outbox, [stored('a', 'someone-else')], SELF)).toBe(outbox);
    expect(removeStored(outbox, [stored('a')], SELF).map((i) => i.clientId)).toEqual(['b']);
  });
});

describe('room reducer', () => {
  const reduce = createRoomReducer('match-1', SELF);
  const queue = (state: RoomState, clientId: string) =>
    reduce(state, { type: 'queued', clientId, messageText: 'hello', now: 1 });

  it('replaces the optimistic message by the acknowledged one, and ignores the echo', () => {
    let state = queue(initialRoomState, 'a');
    state = reduce(state, { type: 'sending', clientId: 'a' });
    state = reduce(state, { type: 'stored', messages: [stored('a')] });
    expect(state.outbox).toEqual([]);
    expect(state.live.map((m) => m._id)).toEqual(['m-a']);
    const afterEcho = reduce(state, { type: 'stored', messages: [stored('a')] });
    expect(afterEcho.live).toHaveLength(1);
  });

  it('also settles the optimistic message when the echo comes before the ack', () => {
    let state = reduce(queue(initialRoomState, 'a'), { type: 'sending', clientId: 'a' });
    state = reduce(state, { type: 'stored', messages: [stored('a')] });
    expect(state.outbox).toEqual([]);
  });

  it('ignores messages of other matches', () => {
    const other = { ...stored('x', 'u-2'), matchId: 'match-2' };
    expect(reduce(initialRoomState, { type: 'stored', messages: [other] })).toBe(initialRoomState);
  });

  it('re-queues the in-flight message on disconnect and sends it again with its clientId', () => {
    let state = reduce(queue(initialRoomState, 'a'), { type: 'sending', clientId: 'a' });
    state = reduce(state, { type: 'disconnected' });
    expect(state.outbox[0]).toMatchObject({ clientId: 'a', status: 'failed' });
    expect(nextToSend(state.outbox, 0)).toMatchObject({ item: { clientId: 'a' } });
  });

  it('refuses every unsent message once the match is closed', () => {
    let state = queue(queue(initialRoomState, 'a'), 'b');
    state = reduce(state, { type: 'closed', error: 'Closed.' });
    expect(state.isClosed).toBe(true);
    expect(state.outbox.map((i) => i.status)).toEqual(['rejected', 'rejected']);
    expect(nextToSend(state.outbox, 0)).toBeNull();
  });
});
