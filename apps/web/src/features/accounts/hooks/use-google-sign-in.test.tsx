import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterNavigation } from '../../../app/router-navigation';
import { useGoogleSignIn } from './use-google-sign-in';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

const user = {
  _id: 'user-1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  phone: null,
  isGoogleAuth: true,
  averageRating: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const answer = (status: number, body: object) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

function renderGoogleSignIn() {
  const location = { pathname: '' };
  const LocationProbe = () => {
    location.pathname = useLocation().pathname;
    return null;
  };
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <RouterNavigation>{children}</RouterNavigation>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useGoogleSignIn(), { wrapper });
  return {
    signIn: (credential: string) => result.current.signInWithCredential(credential),
    location,
  };
}

describe('useGoogleSignIn', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('posts the credential, stores the session and goes to /dashboard', async () => {
    const fetchMock = answer(200, {
      statusCode: 200,
      message: 'ok',
      token: 'jwt',
      entities: [user],
    });
    vi.stubGlobal('fetch', fetchMock);
    const { signIn, location } = renderGoogleSignIn();

    await act(() => signIn('google-id-token'));

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/google-auth',
      expect.objectContaining({ method: 'POST', body: '{"credential":"google-id-token"}' }),
    );
    expect(localStorage.getItem('userId')).toBe('user-1');
    expect(localStorage.getItem('userEmail')).toBe('asha@example.in');
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(toast.success).toHaveBeenCalledWith('Successfully signed in with Google! 🎉');
    expect(location.pathname).toBe('/dashboard');
  });

  it('shows the server message when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      answer(404, { statusCode: 404, message: 'Google sign-in is not enabled.', entities: [] }),
    );
    const { signIn, location } = renderGoogleSignIn();

    await act(() => signIn('google-id-token'));

    expect(toast.error).toHaveBeenCalledWith('Google sign-in is not enabled.', expect.anything());
    expect(localStorage.getItem('userId')).toBeNull();
    expect(location.pathname).toBe('/login');
  });

  it('shows the spec’s words when the answer carries no message of ours (a proxy’s 502)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    const { signIn } = renderGoogleSignIn();

    await act(() => signIn('google-id-token'));

    expect(toast.error).toHaveBeenCalledWith(
      'Google sign-in failed. Please try again ⚠️',
      expect.anything(),
    );
  });

  it("shows an exception's own message", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { signIn } = renderGoogleSignIn();

    await act(() => signIn('google-id-token'));

    expect(toast.error).toHaveBeenCalledWith('Failed to fetch');
  });

  it('treats an answer without a token as a failure', async () => {
    vi.stubGlobal('fetch', answer(200, { statusCode: 200, message: 'ok', entities: [user] }));
    const { signIn } = renderGoogleSignIn();

    await act(() => signIn('google-id-token'));

    expect(localStorage.getItem('userId')).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
