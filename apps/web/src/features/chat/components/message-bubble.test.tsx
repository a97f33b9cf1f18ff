import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineMessage } from '../utils/timeline';
import { MessageBubble } from './message-bubble';

const base: TimelineMessage = {
  type: 'message',
  key: 'u-1:c-1',
  text: '',
  sentAt: Date.parse('2026-11-21T13:00:00Z'),
  senderId: 'u-1',
  senderName: 'Asha',
  isOwn: false,
  isFirstOfRun: true,
  delivery: 'sent',
};

afterEach(cleanup);

describe('MessageBubble', () => {
  it('shows markup as typed text and never as HTML', () => {
    const text = '<script>alert(1)</script><img src=x onerror="alert(2)"><b>bold</b>';
    const { container, getByText } = render(
      <ul>
        <MessageBubble message={{ ...base, text }} />
      </ul>,
    );
    expect(getByText(text)).toBeTruthy();
    expect(container.querySelector('script, img, b')).toBeNull();
  });

  it('keeps line breaks and the sender name for others, and the delivery for own', () => {
    const { getByText, queryByText, rerender } = render(
      <ul>
        <MessageBubble message={{ ...base, text: 'line 1\nline 2' }} />
      </ul>,
    );
    expect(getByText('Asha')).toBeTruthy();
    expect(getByText('6:30 pm')).toBeTruthy();
    rerender(
      <ul>
        <MessageBubble message={{ ...base, isOwn: true, text: 'hi', delivery: 'retrying' }} />
      </ul>,
    );
    expect(queryByText('Asha')).toBeNull();
    expect(getByText('Not sent — will retry')).toBeTruthy();
  });
});
