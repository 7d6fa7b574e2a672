import { zodResolver } from '@hookform/resolvers/zod';
import { email as emailSchema, phone as phoneSchema } from '@loupe/contract/fields';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, showSubmitError } from '../../../components/ui/form';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { countryByIso2, DEFAULT_COUNTRY } from '../../../lib/countries';
import { type Credentials, logIn, phoneFromErrorDetails } from '../api/log-in';
import { startSession } from '../api/session';
import type { PhoneNumber } from '../api/sms-code';
import { PhoneFields } from './phone-fields';

type Mode = 'email' | 'mobile';

// Only a login with an unverified number needs the SMS step: the login page loads it then.
const PhoneCodeStep = lazy(() => import('./phone-code-step').then((m) => ({ default: m.PhoneCodeStep })));

/**
 * The login form's values become the login call's credentials: the email address or the mobile
 * number checked with the contract's field rules, whichever the buyer logs in with.
 */
export const loginFormSchema = z
  .object({
    mode: z.enum(['email', 'mobile']),
    email: z.string(),
    countryIso2: z.string(),
    phone: z.string(),
    password: z.string(),
  })
  .transform((values, ctx): Credentials => {
    const problem = (path: string, message: string | undefined) =>
      ctx.addIssue({ code: 'custom', path: [path], message: message ?? '' });
    if (!values.password) problem('password', 'Enter your password');
    if (values.mode === 'email') {
      const parsed = emailSchema.safeParse(values.email);
      if (!parsed.success) problem('email', parsed.error.issues[0]?.message);
      return parsed.success ? { email: parsed.data, password: values.password } : z.NEVER;
    }
    const parsed = phoneSchema.safeParse(values.phone);
    if (!parsed.success) problem('phone', parsed.error.issues[0]?.message);
    const country = countryByIso2(values.countryIso2) ?? DEFAULT_COUNTRY;
    return parsed.success
      ? { phone: parsed.data, country_code: country.dialCode, password: values.password }
      : z.NEVER;
  });

export interface LoginFormProps {
  /** Called with the session started. */
  onLoggedIn: () => void;
}

/** Login by email or mobile number (domain-facts §12), with the SMS step for unverified phones. */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: {
      mode: 'email' as Mode,
      email: '',
      countryIso2: DEFAULT_COUNTRY.iso2,
      phone: '',
      password: '',
    },
  });
  const mode = form.watch('mode');
  const [busy, setBusy] = useState(false);
  const [verification, setVerification] = useState<{ number: PhoneNumber; credentials: Credentials } | null>(
    null,
  );

  const attempt = async (credentials: Credentials) => {
    setBusy(true);
    try {
      const { access_token, customer } = await logIn(credentials);
      startSession(queryClient, access_token, customer);
      onLoggedIn();
    } catch (error) {
      if (isApiError(error, 'PHONE_NOT_VERIFIED')) {
        const number =
          phoneFromErrorDetails(error.details) ??
          ('phone' in credentials
            ? { phone: credentials.phone, country_code: credentials.country_code }
            : null);
        if (number) {
          setVerification({ number, credentials });
        } else {
          form.setError('root.server', {
            message: `${error.message} Log in with your mobile number to verify it.`,
          });
        }
      } else {
        showSubmitError(form, error);
      }
    } finally {
      setBusy(false);
    }
  };

  if (verification) {
    return (
      <div>
        <Suspense fallback={<PageSpinner />}>
          <h2 className="step-title">Verify your mobile number</h2>
          <PhoneCodeStep
            number={verification.number}
            entryPoint="login"
            onVerified={async () => {
              const { credentials } = verification;
              setVerification(null);
              await attempt(credentials);
            }}
            onCancel={() => setVerification(null)}
            cancelLabel="Back to login"
          />
        </Suspense>
      </div>
    );
  }

  const switchMode = (next: Mode) => {
    form.setValue('mode', next);
    form.clearErrors();
  };

  return (
    <Form form={form} onSubmit={attempt}>
      <SegmentedControl
        legend="Log in with"
        options={[
          { value: 'email', label: 'Email' },
          { value: 'mobile', label: 'Mobile' },
        ]}
        value={mode}
        onChange={switchMode}
      />
      {mode === 'email' ? (
        <FormField name="email" label="Email" type="email" autoComplete="username" required />
      ) : (
        <PhoneFields label="Mobile number" />
      )}
      <FormField name="password" label="Password" type="password" autoComplete="current-password" />
      <div className="form-inline-links">
        <Link to={paths.forgotPassword.href()}>Forgot password</Link>
      </div>
      <Button type="submit" busy={busy} className="btn-block">
        Login
      </Button>
      <FormError />
      <p className="form-links">
        New to Loupe? <Link to={paths.register.href()}>Register</Link>
      </p>
    </Form>
  );
}
