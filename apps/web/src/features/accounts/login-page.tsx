import { useEffect } from 'react';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import { AppLink, useNavigation } from '../../components/navigation/navigation';
import { useSession } from '../../lib/session';
import { AuthCard } from './components/auth-card';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { LoginForm } from './components/login-form';

export function LoginPage() {
  const session = useSession();
  const { navigate } = useNavigation();
  // Already signed in: the sign-in form has nothing to offer.
  useEffect(() => {
    if (session) navigate('/dashboard', { replace: true });
  }, [session, navigate]);
  if (session) return null;

  return (
    <AuthCard
      title={`Sign in to ${PRODUCT_NAME}`}
      description="Share your airport ride and split the fare."
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <AppLink
            to="/signup"
            className="font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            Sign Up
          </AppLink>
        </p>
      }
    >
      <LoginForm />
      <GoogleSignInButton text="signin_with" />
    </AuthCard>
  );
}
