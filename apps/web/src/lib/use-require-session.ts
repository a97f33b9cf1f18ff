import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { rememberPlaceBeforeSignIn } from './return-after-sign-in';
import { useSession, type Session } from './session';

/**
 * Spec §6: /profile and /dashboard redirect to /login without a stored user id. A page opened
 * signed out (a link in a mail) is come back to after signing in; one left by logging out is not.
 */
export function useRequireSession(): Session | null {
  const session = useSession();
  const navigate = useNavigate();
  const openedSignedOut = useRef(session === null);
  useEffect(() => {
    if (session) return;
    if (openedSignedOut.current) rememberPlaceBeforeSignIn();
    void navigate('/login', { replace: true });
  }, [session, navigate]);
  return session;
}
