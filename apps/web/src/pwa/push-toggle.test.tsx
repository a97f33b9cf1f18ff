import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_MESSAGES } from '@aeropool/contract/push';
import { PUSH_TEXTS, PushNotificationsToggle } from './push-toggle';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../lib/notify', () => ({ default: toast }));

// A P-256 public key as the server sends it (base64url of 65 bytes, 0x04 first).
const SERVER_KEY = `BA${'E'.repeat(85)}`;
const serverKeyBytes = Uint8Array.from(atob(`${SERVER_KEY.replace(/_/g, '/')}=`), (c) =>
  c.charCodeAt(0),
);
const ENDPOINT = 'https://push.example.com/device-1';

type FakeSubscription = {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): object;
  unsubscribe: ReturnType<typeof vi.fn>;
};

const subscriptionWith = (key: Uint8Array): FakeSubscription => ({
  endpoint: ENDPOINT,
  options: { applicationServerKey: key.slice().buffer },
  toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'device-key', auth: 'device-auth' } }),
  unsubscribe: vi.fn().mockResolvedValue(true),
});

/** A browser with Web Push: its permission, its worker's pushManager and the API behind fetch. */
function fakeBrowser(permission: NotificationPermission, subscribed: FakeSubscription | null) {
  let current = subscribed;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(
      async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        current = subscriptionWith(options.applicationServerKey);
        return current;
      },
    ),
  };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const body =
      url === '/api/push/public-key'
        ? { statusCode: 200, message: 'OK', entities: [{ publicKey: SERVER_KEY }] }
        : { statusCode: 200, message: 'OK', entities: [] };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { pushManager, requestPermission, fetchMock };
}

const callsTo = (fetchMock: ReturnType<typeof vi.fn>, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/push/subscriptions' && init?.method === method,
  );

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
