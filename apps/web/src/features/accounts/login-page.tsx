import { Link, Navigate } from 'react-router';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import { useSession } from '../../lib/session';
import { AuthCard } from './components/auth-card';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { LoginForm } from './components/login-form';

export function LoginPage() {
  const session = useSession();
  // Already signed in: the sign-in form has nothing to offer.
  if (session) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard
      title={`Sign in to ${PRODUCT_NAME}`}
      description="Share your airport ride and split the fare."
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link
            to="/signup"
            className="font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            Sign Up
          </Link>
        </p>
      }
    >
      <LoginForm />
      <GoogleSignInButton text="signin_with" />
    </AuthCard>
  );
}
