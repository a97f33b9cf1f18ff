import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * After a failed submit, moves focus to the first invalid input so a screen reader reads its
 * label and message (TextField ties them with aria-describedby). Focus moves only when asked,
 * after the errors have rendered, never while the user types.
 */
export function useFocusFirstError(formRef: RefObject<HTMLElement | null>) {
  const [requestCount, setRequestCount] = useState(0);

  useEffect(() => {
    if (requestCount === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, requestCount]);

  return useCallback(() => setRequestCount((count) => count + 1), []);
}
