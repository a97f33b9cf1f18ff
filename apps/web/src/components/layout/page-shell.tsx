import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';

/**
 * Navbar, content and footer shared by the public and signed-in pages. Pages bring their own
 * <main>; the wrapper only keeps the footer at the bottom of short pages.
 */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#page-content"
        onClick={(event) => {
          // Move focus without touching the URL hash, which pages use for their sections.
          event.preventDefault();
          document.getElementById('page-content')?.focus();
        }}
        className="sr-only z-[80] rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Navbar />
      <div id="page-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </div>
      <Footer />
    </div>
  );
}
