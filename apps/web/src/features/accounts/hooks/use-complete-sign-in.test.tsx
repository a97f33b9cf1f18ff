import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationProvider, type Navigation } from '../../../components/navigation/navigation';
import { getSession } from '../../../lib/session';
import { useCompleteSignIn } from './use-complete-sign-in';

const push = vi.hoisted(() => ({ keepPushForThisSession: vi.fn(async () => undefined) }));
vi.mock('../../../pwa/push-subscription', () => push);
vi.mock('../../../lib/notify', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('useCompleteSignIn', () => {
  afterEach(() => localStorage.clear());

  it('stores the session, keeps this browser’s push subscription for it and opens My Trips', async () => {
    const navigate = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <NavigationProvider value={{ navigate } as unknown as Navigation}>
        {children}
      </NavigationProvider>
    );
    const { result } = renderHook(() => useCompleteSignIn(), { wrapper });
    result.current(
      {
        statusCode: 200,
        message: 'Login successful',
        token: 'jwt',
        entities: [{ _id: 'u1', email: 'asha@example.com' }],
      } as never,
      'Login successful',
    );
    expect(getSession()).toEqual({ userId: 'u1', userEmail: 'asha@example.com', token: 'jwt' });
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
    await vi.waitFor(() => expect(push.keepPushForThisSession).toHaveBeenCalledTimes(1));
  });
});
