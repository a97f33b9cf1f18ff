import { useEffect, useRef } from 'react';

/**
 * A form whose fields are disabled while it is sent: the field the rider pressed Enter in loses
 * focus to <body>, where a keyboard or screen-reader user would start again from the top after
 * "Invalid OTP." or a wrong password. When sending is over, focus goes back to where it was at
 * the submit, unless the rider (or the page, moving on) put it somewhere meanwhile. Returns the
 * form's onSubmitCapture.
 */
export function useFocusBackAfterSending(isSending: boolean) {
  const heldAtSubmit = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (isSending) return;
    const element = heldAtSubmit.current;
    heldAtSubmit.current = null;
    const isLost = !document.activeElement || document.activeElement === document.body;
    if (element?.isConnected && isLost) element.focus();
  }, [isSending]);
  return () => {
    heldAtSubmit.current = document.activeElement as HTMLElement | null;
  };
}
