import { useEffect } from 'react';
import { useNavigation } from '../../../components/navigation/navigation';
import { useSession } from '../../../lib/session';
import { placeAfterSignIn } from '../../../lib/return-after-sign-in';

/**
 * Signing in or up while signed in has nothing to offer, and another account's sign-up on a
 * shared device would leave the first rider's session running: such a visitor goes to My Trips
 * (or, just signed in here, where the sign-in went). True while they are being sent there
 * (render nothing meanwhile).
 */
export function useLeaveIfSignedIn(): boolean {
  const session = useSession();
  const { navigate } = useNavigation();
  useEffect(() => {
    if (session) navigate(placeAfterSignIn(), { replace: true });
  }, [session, navigate]);
  return session !== null;
}
