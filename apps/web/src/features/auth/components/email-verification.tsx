import { FormMessage } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { useVerifyEmail } from '../api/verify-email';

/** The answer to the link in the verification email (`?verify_email=`), above the login form. */
export function EmailVerification({ token }: { token: string }) {
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
