import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Text typed into a pre-rendered form before React took the page over: React keeps it on screen
 * but not in the form's state, so the next render (a keystroke in another field) would wipe it.
 * Right after hydration, hands each such field's text to `adopt`, once. On a form rendered in the
 * browser nothing differs from its initial value, and nothing is adopted.
 */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  adopt: (name: string, value: string) => void,
): void {
  const adoptTyped = useEffectEvent(adopt);
  useEffect(() => {
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      if (!(element instanceof HTMLInputElement) || !element.name) continue;
      // React sets defaultValue to the state's value when it hydrates the input.
      if (element.value !== element.defaultValue) adoptTyped(element.name, element.value);
    }
  }, [formRef]);
}
