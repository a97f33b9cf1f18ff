/** The small part of Google Identity Services (accounts.google.com/gsi/client) this app uses. */
export type GoogleCredentialResponse = { credential?: string; select_by?: string };

export type GoogleButtonOptions = {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  /** In pixels, at most 400. */
  width?: number;
  locale?: string;
};

export type GoogleIdentity = {
  initialize: (config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
  }) => void;
  renderButton: (parent: HTMLElement, options: GoogleButtonOptions) => void;
};

type WindowWithGoogle = Window & { google?: { accounts?: { id?: GoogleIdentity } } };

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleIdentity> | null = null;

const readIdentity = () => (window as WindowWithGoogle).google?.accounts?.id;

/**
 * Loads Google's script once, on the first page that shows the button, instead of on every
 * page from index.html. A failed load is forgotten so the next visit can try again.
 */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const ready = readIdentity();
  if (ready) return Promise.resolve(ready);

  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const identity = readIdentity();
      if (identity) resolve(identity);
      else reject(new Error('Google Identity Services did not start.'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Google Identity Services could not be loaded.'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
