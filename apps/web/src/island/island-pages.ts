import type { ComponentType } from 'react';

/**
 * The pre-rendered pages a first visit hydrates without the app (issue 7), each loaded on its own
 * so one page's visitors do not download another's. The build gives these paths the island's
 * entry and modulepreloads the page's module (build/prerender.ts).
 */
export const ISLAND_PAGES: Record<string, () => Promise<ComponentType>> = {
  '/': async () => (await import('../features/landing/landing-page')).LandingPage,
  '/login': async () => (await import('../features/accounts/login-page')).LoginPage,
  '/support': async () => (await import('../features/support/support-page')).SupportPage,
  '/privacy': async () => (await import('../features/legal/privacy-page')).PrivacyPage,
  '/tos': async () => (await import('../features/legal/terms-page')).TermsPage,
};
