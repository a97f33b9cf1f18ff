import { useEffect, useEffectEvent, useRef } from 'react';
import toast from '../../../lib/notify';
import { usePublicConfig } from '../../../lib/public-config';
import { GOOGLE_TOASTS } from '../account-toasts';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { loadGoogleIdentity, type GoogleButtonOptions } from '../utils/load-google-identity';
import { OrDivider } from './or-divider';

type Props = {
  /** The button's wording: 'Sign in with Google' on /login, 'Sign up with Google' on /signup. */
  text?: GoogleButtonOptions['text'];
};

// One id, so a failed script load shows one toast even when both effects of StrictMode run.
const ERROR_TOAST_ID = 'google-sign-in-error';

/**
 * Google's own button (spec §2: 'Sign in with Google'), rendered by Google Identity Services.
 * Hidden when the server has no Google client id. What a credential does is useGoogleSignIn's.
 */
export function GoogleSignInButton({ text = 'signin_with' }: Props) {
  const { googleClientId } = usePublicConfig();
  const { signInWithCredential, isPending } = useGoogleSignIn();
  const containerRef = useRef<HTMLDivElement>(null);

  const onCredential = useEffectEvent((credential: string | undefined) => {
    if (!credential) {
      toast.error(GOOGLE_TOASTS.failed, { id: ERROR_TOAST_ID });
      return;
    }
    void signInWithCredential(credential);
  });

  useEffect(() => {
    if (!googleClientId) return;
    let isCurrent = true;
    loadGoogleIdentity()
      .then((identity) => {
        const container = containerRef.current;
        if (!isCurrent || !container) return;
        identity.initialize({
          client_id: googleClientId,
          callback: (response) => onCredential(response.credential),
          ux_mode: 'popup',
        });
        identity.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          logo_alignment: 'center',
          text,
          // Google's button takes a fixed pixel width, at most 400.
          width: Math.min(400, Math.max(200, container.clientWidth)),
        });
      })
      .catch(() => {
        if (isCurrent) toast.error(GOOGLE_TOASTS.failed, { id: ERROR_TOAST_ID });
      });
    return () => {
      isCurrent = false;
    };
  }, [googleClientId, text]);

  if (!googleClientId) return null;
  return (
    <div>
      <OrDivider />
      <div ref={containerRef} className="flex min-h-11 w-full justify-center" />
      {isPending ? (
        <p role="status" className="mt-2 text-center text-sm text-slate-600">
          Signing in with Google…
        </p>
      ) : null}
    </div>
  );
}
