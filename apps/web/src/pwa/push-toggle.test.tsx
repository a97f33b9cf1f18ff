import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_MESSAGES } from '@aeropool/contract/push';
import {
  callsTo,
  ENDPOINT,
  fakeBrowser,
  serverKeyBytes,
  subscriptionWith,
} from './fake-push-browser';
import { PUSH_TEXTS, PushNotificationsToggle } from './push-toggle';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../lib/notify', () => ({ default: toast }));

describe('PushNotificationsToggle', () => {
  beforeEach(() => localStorage.setItem('token', 'jwt'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    localStorage.clear();
  });

  it('says so when the browser has no Web Push, with nothing to press', async () => {
    render(<PushNotificationsToggle />);
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('region', { name: 'Notifications on this device' })).toBeTruthy();
  });

  it('tells an iPhone browser tab how to get them: from the Home Screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    );
    render(<PushNotificationsToggle />);
    expect(await screen.findByText(PUSH_TEXTS.homeScreen)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    vi.restoreAllMocks();
  });

  it('says how to allow them when the rider blocked notifications', async () => {
    fakeBrowser('denied', null);
    render(<PushNotificationsToggle />);
    expect(await screen.findByText(PUSH_TEXTS.denied)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for permission, subscribes with the server key and saves the subscription', async () => {
    const browser = fakeBrowser('granted', null);
    render(<PushNotificationsToggle />);
    const button = await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(screen.getByText(PUSH_TEXTS.off)).toBeTruthy();

    fireEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole('button', { name: 'Turn off notifications' });

    expect(browser.requestPermission).toHaveBeenCalled();
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...serverKeyBytes]);
    const [saved] = callsTo(browser.fetchMock, 'POST');
    expect(JSON.parse(saved![1]!.body as string)).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'device-key', auth: 'device-auth' },
    });
    expect(toast.success).toHaveBeenCalledWith(PUSH_MESSAGES.subscribed);
    expect(screen.getByText(PUSH_TEXTS.on)).toBeTruthy();
  });

  it('stays off and says why when the rider does not allow notifications', async () => {
    const browser = fakeBrowser('default', null);
    render(<PushNotificationsToggle />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PUSH_TEXTS.notAllowed));
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeTruthy();
  });

  it('saves a subscription the browser holds for the rider signed in, and turns it off', async () => {
    const subscription = subscriptionWith(serverKeyBytes);
    const browser = fakeBrowser('granted', subscription);
    render(<PushNotificationsToggle />);
    const button = await screen.findByRole('button', { name: 'Turn off notifications' });
    expect(callsTo(browser.fetchMock, 'POST')).toHaveLength(1);

    await act(async () => fireEvent.click(button));
    await screen.findByRole('button', { name: 'Turn on notifications' });
    const [removed] = callsTo(browser.fetchMock, 'DELETE');
    expect(JSON.parse(removed![1]!.body as string)).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith(PUSH_MESSAGES.unsubscribed);
  });

  it('keeps the device on when the server could not forget it', async () => {
    const subscription = subscriptionWith(serverKeyBytes);
    const browser = fakeBrowser('granted', subscription);
    render(<PushNotificationsToggle />);
    const button = await screen.findByRole('button', { name: 'Turn off notifications' });
    browser.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    fireEvent.click(button);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PUSH_TEXTS.turnOffFailed));
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn off notifications' })).toBeTruthy();
  });
});
