import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationProvider, type Navigation } from '../navigation/navigation';
import { useScrollToHash } from './scroll-to-section';
import { SectionLink } from './section-link';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const navigationAt = (hash: string): Navigation => ({
  Link: ({ to, children }) => <a href={to}>{children}</a>,
  NavLink: ({ to, children }) => <a href={to}>{children}</a>,
  pathname: '/',
  hash,
  locationKey: 'visit-0',
  navigate: () => undefined,
  forgetCachedData: () => undefined,
});

function PageWithSections() {
  useScrollToHash();
  return (
    <main>
      <section id="pricing">Pricing</section>
      <section id="100%">All of it</section>
    </main>
  );
}

/** Renders the page at `hash` and lets the frame the hook waits for pass. */
async function openAt(hash: string) {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  render(
    <NavigationProvider value={navigationAt(hash)}>
      <PageWithSections />
    </NavigationProvider>,
  );
  await new Promise((resolve) => window.requestAnimationFrame(resolve));
  return scrollTo;
}

describe('useScrollToHash', () => {
  it('scrolls to the section an encoded hash names', async () => {
    const scrollTo = await openAt('#100%25');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  for (const hash of ['#%', '#100%', '#%E0%A4%A']) {
    it(`keeps the page and does not scroll for the malformed hash ${hash}`, async () => {
      const scrollTo = await openAt(hash);
      expect(screen.getByText('Pricing')).toBeTruthy();
      expect(scrollTo).not.toHaveBeenCalled();
    });
  }
});

describe('SectionLink', () => {
  it('moves focus to the section it scrolls to, so Tab carries on there', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <NavigationProvider value={navigationAt('')}>
        <PageWithSections />
        <footer>
          <SectionLink path="/" sectionId="pricing">
            Pricing
          </SectionLink>
        </footer>
      </NavigationProvider>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    link.focus();
    fireEvent.click(link);
    const section = document.getElementById('pricing')!;
    expect(document.activeElement).toBe(section);
    // Focusable by script only: not an extra Tab stop.
    expect(section.getAttribute('tabindex')).toBe('-1');
  });
});
