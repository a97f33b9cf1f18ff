import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { reloadPage } from '../../../lib/reload-page';
import { enqueue } from '../utils/outbox';
import { outboxKey, saveOutbox } from '../utils/outbox-store';
import { ChatLeftBehindSender } from './use-send-left-behind';

vi.mock('../../../lib/socket', () => ({ useSocket: () => null }));

beforeEach(() => saveSession({ userId: 'rider-1', userEmail: 'a@example.com', token: 't' }));
afterEach(() => {
  cleanup();
  clearSession();
});

/** Whether the page would ask "Leave site?" if closed now. */
const asksBeforeLeaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

it('asks before the tab closes on a message not yet sent, but not on the app’s own reload', () => {
  render(<ChatLeftBehindSender />);
  expect(asksBeforeLeaving()).toBe(false);
  saveOutbox(
    outboxKey('rider-1', 'match-1'),
    enqueue([], { clientId: 'client-1', messageText: 'At pillar 5', now: 0 }),
  );
  expect(asksBeforeLeaving()).toBe(true);

  // A new build taking over: the outbox survives the reload, and Cancel would keep the old build.
  reloadPage(() => undefined);
  expect(asksBeforeLeaving()).toBe(false);
});
