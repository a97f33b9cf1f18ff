import { describe, expect, it } from 'vitest';
import { appUrl, pushNotificationOf, windowFor } from './push-notification';

const URL = 'https://aeropool.example/chat/42';

describe('pushNotificationOf', () => {
  it('alerts again when a tagged notice replaces the one before it (the next chat message)', () => {
    expect(
      pushNotificationOf(
        { title: 'Asha', body: 'At gate 3', url: '/chat/42', tag: 'chat:42' },
        URL,
      ),
    ).toEqual({
      title: 'Asha',
      options: {
        body: 'At gate 3',
        icon: '/icons/icon-192.png',
        data: { url: URL },
        tag: 'chat:42',
        renotify: true,
      },
    });
  });

  // Browsers throw a TypeError for renotify without a tag, and the push would show nothing.
  for (const tag of [undefined, '']) {
    it(`sets no renotify on a push without a tag (${JSON.stringify(tag)})`, () => {
      const { options } = pushNotificationOf(
        { title: 'Ride reminder', body: 'In 1 hour', tag },
        URL,
      );
      expect(options.renotify).toBeUndefined();
      expect(options.tag).toBeUndefined();
    });
  }

  it('still shows something for a garbled push', () => {
    expect(pushNotificationOf({}, URL)).toEqual({
      title: 'AeroPool',
      options: {
        body: 'You have a new notification.',
        icon: '/icons/icon-192.png',
        data: { url: URL },
      },
    });
  });
});

describe('appUrl', () => {
  const origin = 'https://aeropool.example';

  it('opens the notice’s page when read on push and again on click', () => {
    const onPush = appUrl('/chat/42', origin);
    expect(onPush).toBe('https://aeropool.example/chat/42');
    expect(appUrl(onPush, origin)).toBe('https://aeropool.example/chat/42');
  });

  it('never opens another site, whatever the address looks like', () => {
    for (const path of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
      undefined,
      42,
    ])
      expect(appUrl(path, origin)).toBe('https://aeropool.example/dashboard');
  });
});

describe('windowFor', () => {
  const origin = 'https://aeropool.example';
  const chat = `${origin}/chat/42`;
  const at = (path: string, focused = false) => ({ url: `${origin}${path}`, focused });

  it('focuses a window already showing the page, without reloading any', () => {
    const profile = at('/profile', true);
    const showing = at('/chat/42');
    expect(windowFor([profile, showing], chat, origin)).toEqual({
      window: showing,
      navigate: false,
    });
  });

  it('otherwise takes the focused window of the app to the page, and opens one when none is', () => {
    const other = { url: 'https://elsewhere.example/', focused: true };
    const first = at('/dashboard');
    const focused = at('/profile', true);
    expect(windowFor([other, first, focused], chat, origin)).toEqual({
      window: focused,
      navigate: true,
    });
    expect(windowFor([other], chat, origin)).toBeNull();
  });
});
