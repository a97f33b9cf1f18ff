import type { RouteObject } from 'react-router';
import { tripsQueryOptions } from '../features/trips/api/get-trips';
import { getSession } from '../lib/session';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { Spinner } from '../components/ui/spinner';

/**
 * Every route of spec §2; each page loads on demand. The browser router
 * (main.tsx) and the build's pre-render (prerender/render-page.tsx) share them.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        path: '/',
        lazy: async () => ({
          Component: (await import('../features/landing/landing-page')).LandingPage,
        }),
      },
      {
        path: '/login',
        lazy: async () => ({
          Component: (await import('../features/accounts/login-page')).LoginPage,
        }),
      },
      {
        path: '/signup',
        lazy: async () => ({
          Component: (await import('../features/accounts/signup-page')).SignupPage,
        }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('../features/accounts/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: '/profile',
        lazy: async () => ({
          Component: (await import('../features/accounts/profile-page')).ProfilePage,
        }),
      },
      {
        path: '/support',
        lazy: async () => ({
          Component: (await import('../features/support/support-page')).SupportPage,
        }),
      },
      {
        path: '/dashboard',
        // Starts the trips request with the navigation, beside the page's chunk (issue 7).
        loader: ({ request }) => {
          const session = getSession();
          if (!session?.token) return null;
          const tab = new URL(request.url).searchParams.get('tab') === 'past' ? 'past' : 'upcoming';
          void queryClient.prefetchQuery(tripsQueryOptions(session.userId, tab));
          return null;
        },
        lazy: async () => ({
          Component: (await import('../features/trips/dashboard-page')).DashboardPage,
        }),
      },
      {
        path: '/chats',
        lazy: async () => ({ Component: (await import('../features/chat/chats-page')).ChatsPage }),
      },
      {
        path: '/chat/:matchId',
        lazy: async () => ({ Component: (await import('../features/chat/chat-page')).ChatPage }),
      },
      {
        path: '/trip/:token',
        lazy: async () => ({
          Component: (await import('../features/trip-share/shared-trip-page')).SharedTripPage,
        }),
      },
      {
        path: '/unsubscribe',
        lazy: async () => ({
          Component: (await import('../features/notifications/unsubscribe-page')).UnsubscribePage,
        }),
      },
      {
        path: '/admin',
        lazy: async () => ({
          Component: (await import('../features/moderation/admin-page')).AdminPage,
        }),
      },
      {
        path: '/experiment',
        lazy: async () => ({
          Component: (await import('../features/experiment/experiment-page')).ExperimentPage,
        }),
      },
      {
        path: '/privacy',
        lazy: async () => ({
          Component: (await import('../features/legal/privacy-page')).PrivacyPage,
        }),
      },
      {
        path: '/tos',
        lazy: async () => ({ Component: (await import('../features/legal/terms-page')).TermsPage }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/errors/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];
