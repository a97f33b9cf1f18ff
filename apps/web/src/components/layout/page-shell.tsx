import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import { Footer } from './footer';
import { Navbar } from './navbar';

/**
 * Navbar, content and footer shared by the public and signed-in pages. Pages bring their own
 * <main>; the wrapper only keeps the footer at the bottom of short pages.
 */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Navbar />
      <div id="page-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </div>
      <Footer />
    </div>
  );
}
