import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../lib/session';
import {
  callsTo,
  fakeBrowser,
  SERVER_KEY,
  serverKeyBytes,
  subscriptionWith,
  type FakeSubscription,
} from './fake-push-browser';
import {
  forgetPushOnThisDevice,
  keepPushForThisSession,
  readPushStatus,
  turnPushOn,
} from './push-subscription';

describe('keepPushForThisSession', () => {
  beforeEach(() => localStorage.setItem('token', 'new-session'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    localStorage.clear();
  });

  it('saves the subscription this browser holds for the new session', async () => {
    const browser = fakeBrowser('granted', subscriptionWith(serverKeyBytes));
    await keepPushForThisSession();
    const saved = callsTo(browser.fetchMock, 'POST');
    expect(saved).toHaveLength(1);
    expect(new Headers(saved[0]![1]!.headers).get('authorization')).toBe('Bearer new-session');
  });

  it('saves nothing when push is off here, or not allowed', async () => {
    for (const browser of [fakeBrowser('granted', null), fakeBrowser('default', null)]) {
      await keepPushForThisSession();
      expect(callsTo(browser.fetchMock, 'POST')).toEqual([]);
    }
  });

  it('drops a subscription made with another server key instead of saving it', async () => {
    const stale = subscriptionWith(new Uint8Array(65).fill(4));
    const browser = fakeBrowser('granted', stale);
    await keepPushForThisSession();
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(callsTo(browser.fetchMock, 'POST')).toEqual([]);
  });

  it('never throws, even when the server cannot be reached', async () => {
    const browser = fakeBrowser('granted', subscriptionWith(serverKeyBytes));
    browser.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(keepPushForThisSession()).resolves.toBeUndefined();
  });
});

describe('readPushStatus', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  const refusing = (browser: ReturnType<typeof fakeBrowser>) =>
    browser.fetchMock.mockImplementation(async (url: string) =>
      url === '/api/push/public-key'
        ? new Response(
            JSON.stringify({
              statusCode: 200,
              message: 'OK',
              entities: [{ publicKey: SERVER_KEY }],
            }),
          )
        : new Response(JSON.stringify({ statusCode: 400, message: 'Unknown push service.' }), {
            status: 400,
          }),
    );

  it('shows off, and drops the subscription, when the server refuses it', async () => {
    const held = subscriptionWith(serverKeyBytes);
    refusing(fakeBrowser('granted', held));
    expect(await readPushStatus()).toBe('off');
    expect(held.unsubscribe).toHaveBeenCalled();
  });

  it('keeps a subscription the server could not be asked about (saved again next time)', async () => {
    const held = subscriptionWith(serverKeyBytes);
    fakeBrowser('granted', held).fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/push/public-key')
        return new Response(
          JSON.stringify({ statusCode: 200, message: 'OK', entities: [{ publicKey: SERVER_KEY }] }),
        );
      throw new TypeError('Failed to fetch');
    });
    expect(await readPushStatus()).toBe('on');
    expect(held.unsubscribe).not.toHaveBeenCalled();
  });

  it('turning on that the server refuses leaves the browser unsubscribed', async () => {
    const browser = fakeBrowser('granted', null);
    refusing(browser);
    await expect(turnPushOn()).rejects.toThrow('Unknown push service.');
    const made = (await browser.pushManager.subscribe.mock.results[0]!.value) as FakeSubscription;
    expect(made.unsubscribe).toHaveBeenCalled();
  });

  it('shows off, not on, for a subscription made with another server key', async () => {
    const stale = subscriptionWith(new Uint8Array(65).fill(4));
    const browser = fakeBrowser('granted', stale);
    expect(await readPushStatus()).toBe('off');
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(callsTo(browser.fetchMock, 'POST')).toEqual([]);
  });
});

describe('forgetPushOnThisDevice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('unsubscribes and clears the notices already in the tray', async () => {
    const subscription = subscriptionWith(serverKeyBytes);
    const browser = fakeBrowser('granted', subscription);
    await forgetPushOnThisDevice();
    expect(subscription.unsubscribe).toHaveBeenCalled();
    for (const shown of browser.shownNotifications) expect(shown.close).toHaveBeenCalled();
  });
});

describe('a browser another rider turned push on in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    clearSession();
    localStorage.clear();
  });

  it('does not carry their subscription over to the rider signed in now', async () => {
    saveSession({ userId: 'rider-a', userEmail: 'a@example.com', token: 't-a' });
    const subscription = subscriptionWith(serverKeyBytes);
    let browser = fakeBrowser('granted', subscription);
    await keepPushForThisSession();
    expect(callsTo(browser.fetchMock, 'POST')).toHaveLength(1);

    // A's session ended where this browser did not see it; B signs in here.
    saveSession({ userId: 'rider-b', userEmail: 'b@example.com', token: 't-b' });
    browser = fakeBrowser('granted', subscription);
    await keepPushForThisSession();
    expect(callsTo(browser.fetchMock, 'POST')).toEqual([]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
