import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@aeropool/contract/chat';
import { addMessage, flattenHistory, hasGap, mergeMessages, messageKey } from './merge-messages';

const ASHA = { _id: 'u-asha', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' };

let counter = 0;
const message = (over: Partial<ChatMessage> & { at: string }): ChatMessage => {
  counter += 1;
  const { at, ...rest } = over;
  return {
    _id: `m-${String(counter).padStart(3, '0')}`,
    matchId: 'match-1',
    userId: ASHA,
    messageText: `text ${counter}`,
    timestamp: new Date(at).toISOString(),
    clientId: `c-${counter}`,
    ...rest,
  };
};

describe('mergeMessages', () => {
  it('keeps each stored message once, whichever lists it arrives in', () => {
    const a = message({ at: '2026-11-21T10:00:00Z' });
    const b = message({ at: '2026-11-21T10:01:00Z' });
    const c = message({ at: '2026-11-21T10:02:00Z' });
    const merged = mergeMessages([a, b], [b, c], [c, a]);
    expect(merged.map((m) => m._id)).toEqual([a._id, b._id, c._id]);
  });

  it('orders by time, then by id for the same instant (the server paging order)', () => {
    const later = message({ at: '2026-11-21T10:05:00Z' });
    const same1 = message({ _id: 'm-b', at: '2026-11-21T10:00:00Z' });
    const same2 = message({ _id: 'm-a', at: '2026-11-21T10:00:00Z' });
    expect(mergeMessages([later, same1, same2]).map((m) => m._id)).toEqual([
      'm-a',
      'm-b',
      later._id,
    ]);
  });

  it('gives the same result in any order and split of arrival', () => {
    const all = Array.from({ length: 12 }, (_, i) =>
      message({ at: `2026-11-21T10:${String(i % 5).padStart(2, '0')}:00Z` }),
    );
    const expected = mergeMessages(all).map((m) => m._id);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 25; run += 1) {
      const shuffled = [...all];
      for (let i = shuffled.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      const cut = Math.floor(random() * shuffled.length);
      // The two parts overlap by a couple of messages, as a catch-up page overlaps history.
      const merged = mergeMessages(shuffled.slice(cut), shuffled.slice(0, cut + 2));
      expect(merged.map((m) => m._id)).toEqual(expected);
    }
  });
});

describe('addMessage', () => {
  it('returns the same list when the message is already there (an echo after the ack)', () => {
    const a = message({ at: '2026-11-21T10:00:00Z' });
    const list = [a];
    expect(addMessage(list, { ...a })).toBe(list);
  });

  it('inserts a new one in time order', () => {
    const a = message({ at: '2026-11-21T10:00:00Z' });
    const c = message({ at: '2026-11-21T10:02:00Z' });
    const b = message({ at: '2026-11-21T10:01:00Z' });
    expect(addMessage([a, c], b).map((m) => m._id)).toEqual([a._id, b._id, c._id]);
  });
});

describe('flattenHistory', () => {
  it('turns newest-first pages of oldest-first messages into one oldest-first list', () => {
    const older = [
      message({ at: '2026-11-20T10:00:00Z' }),
      message({ at: '2026-11-20T11:00:00Z' }),
    ];
    const latest = [
      message({ at: '2026-11-21T10:00:00Z' }),
      message({ at: '2026-11-21T11:00:00Z' }),
    ];
    expect(flattenHistory([latest, older])).toEqual([...older, ...latest]);
  });
});

describe('hasGap', () => {
  const shown = [message({ at: '2026-11-21T09:00:00Z' })];

  it('is false when the latest page is not full: it reaches back past what is shown', () => {
    expect(hasGap([message({ at: '2026-11-21T10:00:00Z' })], shown, 2)).toBe(false);
  });

  it('is false when a full page overlaps what is shown', () => {
    expect(hasGap([shown[0]!, message({ at: '2026-11-21T10:00:00Z' })], shown, 2)).toBe(false);
  });

  it('is true when a full page shares nothing with what is shown', () => {
    const page = [message({ at: '2026-11-21T10:00:00Z' }), message({ at: '2026-11-21T10:01:00Z' })];
    expect(hasGap(page, shown, 2)).toBe(true);
  });

  it('is true for a full page when nothing was shown (an empty chat, whose history ended)', () => {
    const page = [message({ at: '2026-11-21T10:00:00Z' }), message({ at: '2026-11-21T10:01:00Z' })];
    expect(hasGap(page, [], 2)).toBe(true);
    expect(hasGap(page.slice(1), [], 2)).toBe(false);
  });
});

describe('messageKey', () => {
  it('is the same for the optimistic copy and the stored message', () => {
    const stored = message({ at: '2026-11-21T10:00:00Z', clientId: 'c-own' });
    expect(messageKey(stored.userId._id, stored.clientId)).toBe(messageKey(ASHA._id, 'c-own'));
  });
});
