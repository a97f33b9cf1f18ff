import { useEffect, useRef } from 'react';

/** The heading of the section `element` was in, else the page's: both outlive a card. */
const headingNear = (element: HTMLElement) =>
  element.closest('section')?.querySelector<HTMLElement>('h1, h2, h3, h4') ?? null;

/** Focuses a heading as the place to go on from (by script only: it stays out of the Tab order). */
export function focusHeading(heading: HTMLElement | null | undefined): void {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

export const pageHeading = () => document.querySelector<HTMLElement>('main h1');

/** Where focus goes when it was lost: the page's heading, which outlives any card. */
export function focusPageHeadingIfLost(): void {
  if (document.activeElement && document.activeElement !== document.body) return;
  focusHeading(pageHeading());
}

/**
 * For something an action may take off the page (a request moved to another list by the refetch,
 * a trip cancelled): if it leaves while it holds focus, or after its busy button dropped it,
 * focus goes to the heading of the section it was in (or the page's), not to <body>, where a
 * keyboard or screen-reader user would start again from the top. Returns the ref to attach.
 */
export function useFocusStaysNearby<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Focus inside, or lost from inside to nothing (a button disabled while it works).
    let holdsFocus = false;
    const onFocusIn = () => (holdsFocus = true);
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) {
        holdsFocus = element.contains(event.relatedTarget as Node);
        return;
      }
      // Lost to nothing: still ours if what had it was disabled (a busy button) or taken away;
      // a click on the page's background gave it up.
      const left = event.target as HTMLElement & { disabled?: boolean };
      holdsFocus = left.disabled === true || !left.isConnected;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    const fallback = headingNear(element);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      if (!holdsFocus) return;
      // A microtask later: by then the element is gone and a closing dialog has given focus back.
      queueMicrotask(() => {
        if (element.isConnected) return;
        if (document.activeElement && document.activeElement !== document.body) return;
        focusHeading(fallback?.isConnected ? fallback : pageHeading());
      });
    };
  }, []);
  return ref;
}

/**
 * For a card that stays while what had focus in it goes (a case resolved loses its Resolve
 * button, a completed match its status select): when `state` changes after mount and focus was
 * lost to <body>, focus goes to the heading the returned ref is attached to.
 */
export function useFocusHeadingOnChange<T extends HTMLElement = HTMLHeadingElement>(
  state: unknown,
) {
  const headingRef = useRef<T>(null);
  const previous = useRef(state);
  useEffect(() => {
    if (Object.is(previous.current, state)) return;
    previous.current = state;
    if (document.activeElement && document.activeElement !== document.body) return;
    focusHeading(headingRef.current);
  }, [state]);
  return headingRef;
}
