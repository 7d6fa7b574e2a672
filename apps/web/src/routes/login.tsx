import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../components/ui/field';
import { paths } from '../config/paths';
import { useVerifyEmail } from '../features/auth/api/verify-email';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { LoginForm } from '../features/auth/components/login-form';
import { getToken } from '../lib/auth-token';
import { errorText } from '../lib/error-text';

function EmailVerification({ token }: { token: string }) {
  const verification = useVerifyEmail(token);
  if (verification.isPending) return <FormMessage tone="info">Verifying your email address…</FormMessage>;
  if (verification.isError) {
    return (
      <FormMessage tone="error">
        {errorText(verification.error, {
          fallback: 'We could not verify your email address. Please try the link again.',
        })}
      </FormMessage>
    );
  }
  return <FormMessage tone="success">Your email address is verified. You can log in now.</FormMessage>;
}

export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const verifyToken = searchParams.get('verify_email');
  const from = (location.state as { from?: string } | null)?.from;

  if (!verifyToken && getToken()) return <Navigate to={paths.dashboard.href()} replace />;

  return (
    <AuthLayout
      title="Log in to Loupe"
      subtitle="Welcome back. Log in with your email address or mobile number."
    >
      {verifyToken ? <EmailVerification token={verifyToken} /> : null}
      <LoginForm
        onLoggedIn={() =>
          navigate(from && from !== paths.login.href() ? from : paths.dashboard.href(), { replace: true })
        }
      />
    </AuthLayout>
  );
}
