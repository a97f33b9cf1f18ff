import { PRODUCT_NAME } from '@aeropool/contract/product';
import { AppLink } from '../../components/navigation/navigation';
import { AuthCard } from './components/auth-card';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { LoginForm } from './components/login-form';
import { useLeaveIfSignedIn } from './hooks/use-leave-if-signed-in';

export function LoginPage() {
  const isLeaving = useLeaveIfSignedIn();
  if (isLeaving) return null;

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
