import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { getSession, saveSession } from '../../../lib/session';
import { useLeaveAndSignOut } from './use-leave-and-sign-out';

afterEach(cleanup);

it('forgets everything cached for the rider once the page they left has gone', () => {
  saveSession({ userId: 'u1', userEmail: 'asha@example.com', token: 'jwt' });
  const queryClient = new QueryClient();
  queryClient.setQueryData(['trips', 'list', 'u1', 'upcoming'], [{ _id: 'ride-1' }]);
  queryClient.setQueryData(['notifications', 'list', 'u1'], { notifications: [], unreadCount: 2 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/profile']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const { result, unmount } = renderHook(() => useLeaveAndSignOut(), { wrapper });
  act(() => result.current('/'));
  unmount();
  expect(getSession()).toBeNull();
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
});
