import type { DefaultToastOptions } from 'react-hot-toast';

const base = { maxWidth: 350 } as const;

/** Spec §9: login-area toasts: 4000 ms for error, blank and custom, 2000 ms success, loading until dismissed. */
export const loginAreaToastOptions: DefaultToastOptions = {
  style: base,
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
};

/** Spec §9: elsewhere toasts last 3 seconds at top-centre. */
export const defaultToastOptions: DefaultToastOptions = {
  style: base,
  duration: 3000,
  success: { duration: 3000 },
  error: { duration: 3000 },
  loading: { duration: Infinity },
};

export const LOGIN_AREA_PATHS = ['/login', '/signup', '/forgot-password'];
