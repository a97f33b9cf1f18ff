import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { onSignOutElsewhere, saveSession } from './session';

const storageEvent = (key: string | null, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));

let unsubscribe = () => {};
afterEach(() => {
  unsubscribe();
  localStorage.clear();
});

describe('another tab signing out', () => {
  it("clears this tab's cached trips and chats, and nothing else does", () => {
    saveSession({ userId: 'rider-a', userEmail: 'asha@example.com', token: 't-1' });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['trips', 'rider-a', 'upcoming'], [{ _id: 'trip-1' }]);
    unsubscribe = onSignOutElsewhere(() => queryClient.clear());

    // Another tab saving something else, or the rider still signed in: kept.
    storageEvent('theme', 'dark');
    storageEvent('userId', 'rider-a');
    expect(queryClient.getQueryData(['trips', 'rider-a', 'upcoming'])).toHaveLength(1);

    localStorage.removeItem('userId');
    storageEvent('userId', null);
    expect(queryClient.getQueryData(['trips', 'rider-a', 'upcoming'])).toBeUndefined();
  });

  it('counts storage cleared as a whole as a sign-out', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['chats', 'rider-a'], []);
    unsubscribe = onSignOutElsewhere(() => queryClient.clear());
    storageEvent(null, null);
    expect(queryClient.getQueryData(['chats', 'rider-a'])).toBeUndefined();
  });
});
