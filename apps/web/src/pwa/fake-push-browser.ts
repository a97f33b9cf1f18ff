import { vi } from 'vitest';

// A P-256 public key as the server sends it (base64url of 65 bytes, 0x04 first).
export const SERVER_KEY = `BA${'E'.repeat(85)}`;
export const serverKeyBytes = Uint8Array.from(atob(`${SERVER_KEY.replace(/_/g, '/')}=`), (c) =>
  c.charCodeAt(0),
);
export const ENDPOINT = 'https://push.example.com/device-1';

export type FakeSubscription = {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): object;
  unsubscribe: ReturnType<typeof vi.fn>;
};

export const subscriptionWith = (key: Uint8Array): FakeSubscription => ({
  endpoint: ENDPOINT,
  options: { applicationServerKey: key.slice().buffer },
  toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'device-key', auth: 'device-auth' } }),
  unsubscribe: vi.fn().mockResolvedValue(true),
});

/** A browser with Web Push: its permission, its worker's pushManager and the API behind fetch. */
export function fakeBrowser(
  permission: NotificationPermission,
  subscribed: FakeSubscription | null,
) {
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
  const shownNotifications = [{ close: vi.fn() }, { close: vi.fn() }];
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager }),
      getRegistration: vi.fn(async () => ({
        pushManager,
        getNotifications: vi.fn(async () => shownNotifications),
      })),
    },
  });
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const body =
      url === '/api/push/public-key'
        ? { statusCode: 200, message: 'OK', entities: [{ publicKey: SERVER_KEY }] }
        : { statusCode: 200, message: 'OK', entities: [] };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { pushManager, requestPermission, fetchMock, shownNotifications };
}

export const callsTo = (fetchMock: ReturnType<typeof vi.fn>, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/push/subscriptions' && init?.method === method,
  );
