import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@aeropool/contract/chat';
import { createRoomReducer, initialRoomState } from './room-state';

const message = (id: string, at: string): ChatMessage => ({
  _id: id,
  matchId: 'match-1',
  userId: { _id: 'other', firstName: 'Asha', lastName: 'R.', email: '' },
  messageText: id,
  timestamp: at,
  clientId: `client-${id}`,
});

describe('the room state', () => {
  const reduce = createRoomReducer('match-1', 'me');

  it('drops what it held from before a gap, and keeps the unsent messages', () => {
    const before = reduce(initialRoomState, {
      type: 'stored',
      messages: [message('p0', '2026-11-27T10:00:00Z')],
    });
    const queued = reduce(before, { type: 'queued', clientId: 'c1', messageText: 'Hi', now: 1 });
    const after = reduce(queued, { type: 'gap' });
    expect(after.live).toEqual([]);
    expect(after.outbox).toEqual(queued.outbox);
    const latest = reduce(after, {
      type: 'stored',
      messages: [message('l1', '2026-11-27T11:00:00Z')],
    });
    expect(latest.live.map((m) => m._id)).toEqual(['l1']);
  });
});
