import { useCallback, useEffect } from 'react';
import { useNavigation } from '../navigation/navigation';

/** Spec §9: a section lands 50 px below the window top so its heading clears the navbar. */
export const SECTION_SCROLL_OFFSET_PX = 50;

/** Spec §9: after switching pages, give the new page this long to render before scrolling. */
export const SCROLL_AFTER_NAVIGATION_DELAY_MS = 500;

const prefersReducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Smooth-scrolls to the element with this id; false when the page has no such section. With
 * `focus` (a link the rider followed), focus goes there too, as the browser's own jump to an
 * anchor moves it: the next Tab carries on in the section, not after the link in the footer.
 */
export function scrollToSection(id: string, { focus = false } = {}): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - SECTION_SCROLL_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (focus) {
    if (!element.hasAttribute('tabindex')) {
      element.setAttribute('tabindex', '-1');
      // As the app's other script-focused targets: no ring around a whole section.
      element.style.outline = 'none';
    }
    element.focus({ preventScroll: true });
  }
  return true;
}

/** The section a section link on another page asked for, to focus once its page is shown. */
let focusOnArrival: string | null = null;

/**
 * Returns a function that shows a section of a page: scrolls at once when that page is open,
 * otherwise navigates there and scrolls after the delay (spec §2, footer links).
 */
export function useGoToSection(): (path: string, sectionId: string) => void {
  const { navigate, pathname } = useNavigation();
  return useCallback(
    (path, sectionId) => {
      if (pathname === path) {
        scrollToSection(sectionId, { focus: true });
        return;
      }
      // The new page takes focus to the section once it has rendered (useScrollToHash), which
      // may be after the delay on a slow phone.
      focusOnArrival = sectionId;
      navigate(`${path}#${sectionId}`);
      window.setTimeout(() => scrollToSection(sectionId), SCROLL_AFTER_NAVIGATION_DELAY_MS);
    },
    [navigate, pathname],
  );
}

/** The section id a location hash names; null for a malformed one such as #% or #100%. */
function sectionIdOf(hash: string): string | null {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    // A URIError here would unmount the hydrated landing page, which has no error boundary.
    return null;
  }
}

/**
 * Pages with anchors call this so a link such as /support#faq, opened directly or in a new tab,
 * lands on its section with the same offset as the footer links.
 */
export function useScrollToHash(): void {
  const { hash } = useNavigation();
  useEffect(() => {
    if (!hash) return;
    const sectionId = sectionIdOf(hash);
    if (sectionId === null) return;
    // Wait a frame so the router's own scroll restoration runs first and ours wins.
    const frame = window.requestAnimationFrame(() => {
      const focus = focusOnArrival === sectionId;
      if (scrollToSection(sectionId, { focus }) && focus) focusOnArrival = null;
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash]);
}
