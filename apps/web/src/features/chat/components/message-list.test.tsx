import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { TimelineMessage } from '../utils/timeline';
import { MessageList } from './message-list';

afterEach(cleanup);

const message = (n: number, text: string, isOwn = false): TimelineMessage => ({
  type: 'message',
  key: `m-${n}`,
  text,
  sentAt: Date.UTC(2026, 10, 28, 4, 0, n),
  senderId: isOwn ? 'me' : 'asha',
  senderName: isOwn ? 'You' : 'Asha',
  isOwn,
  isFirstOfRun: true,
  delivery: 'sent',
});

const list = (items: TimelineMessage[]) => (
  <MessageList
    items={items}
    hasOlder={false}
    isLoadingOlder={false}
    hasOlderFailed={false}
    onLoadOlder={() => undefined}
  />
);

it('reads out a co-rider’s new message only: not the history, older pages or own messages', () => {
  const opened = [message(10, 'On my way'), message(11, 'Gate 4?', true)];
  const view = render(list(opened));
  const live = () => document.querySelector('[aria-live="polite"]')!.textContent;
  // No live region around the list itself.
  expect(view.getByRole('list', { name: 'Conversation' }).closest('[aria-live]')).toBeNull();
  expect(live()).toBe('');

  const older = [message(1, 'Hello'), message(2, 'Hi there')];
  view.rerender(list([...older, ...opened]));
  expect(live()).toBe('');

  const atPillar = message(12, 'At pillar 5');
  view.rerender(list([...older, ...opened, atPillar]));
  expect(live()).toBe('Asha: At pillar 5');

  const coming = message(13, 'Coming', true);
  view.rerender(list([...older, ...opened, atPillar, coming]));
  expect(live()).toBe('Asha: At pillar 5');

  // A co-rider's message that goes in above an own one still on its way is heard too.
  const pending = { ...message(20, 'Wait for me', true), delivery: 'sending' as const };
  view.rerender(list([...older, ...opened, atPillar, coming, pending]));
  expect(live()).toBe('Asha: At pillar 5');
  view.rerender(list([...older, ...opened, atPillar, coming, message(14, 'Sure'), pending]));
  expect(live()).toBe('Asha: Sure');

  // The history started again at an earlier page (a gap after an outage): nothing older is read.
  view.rerender(list([...older, ...opened]));
  expect(live()).toBe('Asha: Sure');
});

it('goes to the bottom for a message sent here, not for one the rider sent from another device', () => {
  const history = [message(1, 'Where are you?'), message(2, 'At gate 4')];
  const { rerender } = render(list(history));
  const region = screen.getByRole('region', { name: 'Chat history' });
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: 500 });
  // Reading back, far from the bottom.
  region.scrollTop = 100;
  fireEvent.scroll(region);

  rerender(list([...history, message(3, 'On my way (from my phone)', true)]));
  expect(region.scrollTop).toBe(100);

  rerender(
    list([
      ...history,
      message(3, 'On my way (from my phone)', true),
      { ...message(4, 'Typed here', true), delivery: 'sending' },
    ]),
  );
  expect(region.scrollTop).toBe(2000);
});

it('reads out one’s own message refused for good, once', () => {
  const view = render(list([message(1, 'Hello')]));
  const live = () => document.querySelector('[aria-live="polite"]')!.textContent;
  const sending = { ...message(2, 'See you at gate 4', true), delivery: 'sending' as const };
  view.rerender(list([message(1, 'Hello'), sending]));
  expect(live()).toBe('');
  const refused = {
    ...sending,
    delivery: 'rejected' as const,
    error: 'Message must be 2,000 characters or fewer.',
  };
  view.rerender(list([message(1, 'Hello'), refused]));
  expect(live()).toBe('Not sent: “See you at gate 4” — Message must be 2,000 characters or fewer.');
  view.rerender(list([message(1, 'Hello'), refused, message(3, 'Ok')]));
  expect(live()).toBe('Asha: Ok');
});

it('leaves the messages a closed chat stopped to its note, not the list’s announcements', () => {
  const view = render(list([message(1, 'Hello')]));
  const live = () => document.querySelector('[aria-live="polite"]')!.textContent;
  const stopped = {
    ...message(2, 'Are we still on?', true),
    delivery: 'rejected' as const,
    error: 'This ride was cancelled, so its chat is closed.',
  };
  view.rerender(
    <MessageList
      items={[message(1, 'Hello'), stopped]}
      hasOlder={false}
      isLoadingOlder={false}
      hasOlderFailed={false}
      onLoadOlder={() => undefined}
      isClosed
    />,
  );
  expect(live()).toBe('');
});
