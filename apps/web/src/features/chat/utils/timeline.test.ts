import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@aeropool/contract/chat';
import { enqueue, markRejected, markSending } from './outbox';
import { buildTimeline, type TimelineMessage } from './timeline';

const SELF = 'u-self';
const OTHER = { _id: 'u-asha', firstName: 'Asha', lastName: 'Rao', email: 'a@example.com' };
const ME = { _id: SELF, firstName: 'Ravi', lastName: 'K', email: 'r@example.com' };
const at = (iso: string) => Date.parse(iso);

const stored = (id: string, iso: string, author = OTHER, clientId = `c-${id}`): ChatMessage => ({
  _id: id,
  matchId: 'match-1',
  userId: author,
  messageText: `text ${id}`,
  timestamp: new Date(iso).toISOString(),
  clientId,
});

const now = at('2026-11-21T13:00:00Z');
const options = { selfId: SELF, now, canSend: true };
const messagesOf = (items: ReturnType<typeof buildTimeline>) =>
  items.filter((i): i is TimelineMessage => i.type === 'message');

describe('buildTimeline', () => {
  it('puts a day separator before the first message of each Bengaluru day', () => {
    const items = buildTimeline(
      [
        stored('1', '2026-11-19T10:00:00Z'),
        stored('2', '2026-11-20T18:29:00Z'), // 23:59 IST on the 20th
        stored('3', '2026-11-20T18:31:00Z'), // 00:01 IST on the 21st
        stored('4', '2026-11-21T12:00:00Z'),
      ],
      [],
      options,
    );
    expect(items.map((i) => (i.type === 'day' ? i.label : i.key))).toEqual([
      'Thu, 19 Nov 2026',
      'u-asha:c-1',
      'Yesterday',
      'u-asha:c-2',
      'Today',
      'u-asha:c-3',
      'u-asha:c-4',
    ]);
  });

  it('tells apart two riders of one first name by their last initial, and only then', () => {
    const rahulK = { _id: 'u-rk', firstName: 'Rahul', lastName: 'K.', email: '' };
    const rahulS = { _id: 'u-rs', firstName: 'Rahul', lastName: 'S.', email: '' };
    const names = (list: ChatMessage[]) =>
      messagesOf(buildTimeline(list, [], options)).map((m) => m.senderName);
    expect(
      names([stored('1', '2026-11-21T10:00:00Z', rahulK), stored('2', '2026-11-21T10:01:00Z')]),
    ).toEqual(['Rahul', 'Asha']);
    expect(
      names([
        stored('1', '2026-11-21T10:00:00Z', rahulK),
        stored('2', '2026-11-21T10:01:00Z', rahulS),
      ]),
    ).toEqual(['Rahul K.', 'Rahul S.']);
  });

  it('names the sender once per run, again after a day change', () => {
    const items = messagesOf(
      buildTimeline(
        [
          stored('1', '2026-11-21T10:00:00Z'),
          stored('2', '2026-11-21T10:01:00Z'),
          stored('3', '2026-11-21T10:02:00Z', ME),
          stored('4', '2026-11-21T10:03:00Z'),
        ],
        [],
        options,
      ),
    );
    expect(items.map((i) => [i.isOwn, i.isFirstOfRun])).toEqual([
      [false, true],
      [false, false],
      [true, true],
      [false, true],
    ]);
  });

  it('shows own unsent messages last, as sending or waiting for the network', () => {
    let outbox = enqueue([], {
      clientId: 'p1',
      messageText: 'on my way',
      now: at('2026-11-21T09:00:00Z'),
    });
    outbox = enqueue(outbox, {
      clientId: 'p2',
      messageText: 'at gate 4',
      now: at('2026-11-21T09:01:00Z'),
    });
    outbox = markSending(outbox, 'p1');
    const history = [stored('1', '2026-11-21T10:00:00Z')];

    const online = messagesOf(buildTimeline(history, outbox, options));
    expect(online.map((m) => [m.text, m.delivery])).toEqual([
      ['text 1', 'sent'],
      ['on my way', 'sending'],
      ['at gate 4', 'sending'],
    ]);
    const offline = messagesOf(buildTimeline(history, outbox, { ...options, canSend: false }));
    expect(offline.map((m) => m.delivery)).toEqual(['sent', 'sending', 'retrying']);
  });

  it('keeps a refused message where it was typed, not under everything said after it', () => {
    let outbox = enqueue([], {
      clientId: 'r1',
      messageText: 'bad',
      now: at('2026-11-21T10:00:02Z'),
    });
    outbox = markRejected(outbox, 'Message contains characters that are not allowed.', 'r1');
    outbox = enqueue(outbox, {
      clientId: 'p1',
      messageText: 'later',
      now: at('2026-11-21T10:00:07Z'),
    });
    const history = [
      stored('1', '2026-11-21T10:00:01Z'),
      stored('2', '2026-11-21T10:00:05Z'),
      stored('3', '2026-11-21T10:00:06Z', ME, 'c-3'),
    ];
    const shown = messagesOf(buildTimeline(history, outbox, options));
    expect(shown.map((m) => [m.text, m.delivery])).toEqual([
      ['text 1', 'sent'],
      ['bad', 'rejected'],
      ['text 2', 'sent'],
      ['text 3', 'sent'],
      ['later', 'sending'],
    ]);
  });

  it('drops an unsent copy once its stored message is there, keeping the same key', () => {
    const outbox = enqueue([], { clientId: 'own-1', messageText: 'hi', now });
    const pending = messagesOf(buildTimeline([], outbox, options));
    const settled = messagesOf(
      buildTimeline([stored('9', '2026-11-21T12:59:00Z', ME, 'own-1')], outbox, options),
    );
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ delivery: 'sent', isOwn: true });
    expect(settled[0]?.key).toBe(pending[0]?.key);
  });

  it('never shows Today twice when an unsent message has an older local time', () => {
    const outbox = enqueue([], {
      clientId: 'p',
      messageText: 'x',
      now: at('2026-11-20T18:00:00Z'),
    });
    const items = buildTimeline([stored('1', '2026-11-21T10:00:00Z')], outbox, options);
    expect(items.filter((i) => i.type === 'day')).toHaveLength(1);
  });
});
