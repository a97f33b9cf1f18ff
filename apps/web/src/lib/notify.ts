import hotToast, { type ToastOptions } from 'react-hot-toast';

/** Error toasts on screen, by id: a success clears them (issue 9). */
const shownErrors = new Set<string>();

/**
 * react-hot-toast with the product's rules (issue 9): the same text is never on screen twice at
 * once (its text is its id), and a success clears the error toasts still showing, so "Invalid
 * OTP" does not linger beside "Email verified successfully!". A caller's own id still wins.
 */
function notify(message: string, options?: ToastOptions) {
  return hotToast(message, { id: `note:${message}`, ...options });
}

notify.error = (message: string, options?: ToastOptions) => {
  const id = options?.id ?? `error:${message}`;
  shownErrors.add(id);
  return hotToast.error(message, { ...options, id });
};

notify.success = (message: string, options?: ToastOptions) => {
  // Removed, not dismissed: a dismissed toast stays on screen for its exit animation (a second),
  // still read out as a status beside the success.
  for (const id of shownErrors) hotToast.remove(id);
  shownErrors.clear();
  return hotToast.success(message, { id: `success:${message}`, ...options });
};

notify.dismiss = hotToast.dismiss;

export default notify;
