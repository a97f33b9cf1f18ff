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
 * a trip cancelled) or change in place (a case resolved loses its Resolve button, a completed
 * match its status select): if it held focus, and focus was lost (to nothing, or with what held
 * it), focus goes to its own heading when it stays and `state` changed, or to the heading of the
 * section it was in (or the page's) when it leaves, not to <body>, where a keyboard or
 * screen-reader user would start again from the top. A change made elsewhere (a co-rider, another
 * operator) moves nothing. Returns the ref to attach.
 */
export function useFocusStaysNearby<T extends HTMLElement>(state?: unknown) {
  const ref = useRef<T>(null);
  const holdsFocus = useRef(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Focus inside, or lost from inside to nothing (a button disabled while it works).
    const onFocusIn = () => (holdsFocus.current = true);
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) {
        holdsFocus.current = element.contains(event.relatedTarget as Node);
        return;
      }
      // Lost to nothing: still ours if what had it was disabled (a busy button) or taken away;
      // a click on the page's background gave it up.
      const left = event.target as HTMLElement & { disabled?: boolean };
      holdsFocus.current = left.disabled === true || !left.isConnected;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    const fallback = headingNear(element);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      if (!holdsFocus.current) return;
      // A microtask later: by then the element is gone and a closing dialog has given focus back.
      queueMicrotask(() => {
        if (element.isConnected) return;
        if (!isFocusLost()) return;
        focusHeading(fallback?.isConnected ? fallback : pageHeading());
      });
    };
  }, []);
  const previous = useRef(state);
  useEffect(() => {
    if (Object.is(previous.current, state)) return;
    previous.current = state;
    const element = ref.current;
    if (!element || !holdsFocus.current || !isFocusLost()) return;
    focusHeading(element.querySelector<HTMLElement>('h1, h2, h3, h4'));
  }, [state]);
  return ref;
}

const isFocusLost = () => !document.activeElement || document.activeElement === document.body;
