import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession, type Session } from './session';

/** Spec §6: /profile and /dashboard redirect to /login without a stored user id. */
export function useRequireSession(): Session | null {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!session) void navigate('/login', { replace: true });
  }, [session, navigate]);
  return session;
}
