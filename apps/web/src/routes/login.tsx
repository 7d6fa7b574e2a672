import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../components/ui/field';
import { paths } from '../config/paths';
import { useLoginNoticeText } from '../features/auth/api/login-notice';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { LoginForm } from '../features/auth/components/login-form';
import { getToken } from '../lib/auth-token';

// Only a visit from the verification email needs the check (and react-query's observer with it).
const EmailVerification = lazy(() =>
  import('../features/auth/components/email-verification').then((m) => ({ default: m.EmailVerification })),
);

export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const verifyToken = searchParams.get('verify_email');
  const from = (location.state as { from?: string } | null)?.from;
  // Why the last session ended, when the customer's own action ended it (a password change).
  const notice = useLoginNoticeText();

  if (!verifyToken && getToken()) return <Navigate to={paths.dashboard.href()} replace />;

  return (
    <AuthLayout
      title="Log in to Loupe"
      subtitle="Welcome back. Log in with your email address or mobile number."
    >
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {verifyToken ? (
        <Suspense fallback={null}>
          <EmailVerification token={verifyToken} />
        </Suspense>
      ) : null}
      <LoginForm
        onLoggedIn={() =>
          navigate(from && from !== paths.login.href() ? from : paths.dashboard.href(), { replace: true })
        }
      />
    </AuthLayout>
  );
}
