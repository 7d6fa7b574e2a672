import { AuthLayout } from '../features/auth/components/auth-layout';
import { ForgotPasswordFlow } from '../features/auth/components/forgot-password-flow';

export function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="We send a 6-digit code to your email address or mobile number."
    >
      <ForgotPasswordFlow />
    </AuthLayout>
  );
}
