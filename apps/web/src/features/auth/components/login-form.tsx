import { email as emailSchema, phone as phoneSchema } from '@loupe/contract/fields';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { countryByIso2, DEFAULT_COUNTRY } from '../../../lib/countries';
import { type FieldErrors, submitErrorOf } from '../../../lib/error-text';
import { hasErrors } from '../../../lib/form-errors';
import { type Credentials, logIn, phoneFromErrorDetails } from '../api/log-in';
import { startSession } from '../api/session';
import type { PhoneNumber } from '../api/sms-code';
import { PhoneCodeStep } from './phone-code-step';
import { PhoneFields } from './phone-fields';

type Mode = 'email' | 'mobile';
type LoginField = 'email' | 'phone' | 'password';

export interface LoginFormProps {
  /** Called with the session started. */
  onLoggedIn: () => void;
}

/** Login by email or mobile number (domain-facts §12), with the SMS step for unverified phones. */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('email');
  const [email, setEmail] = useState('');
  const [countryIso2, setCountryIso2] = useState(DEFAULT_COUNTRY.iso2);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [verification, setVerification] = useState<{ number: PhoneNumber; credentials: Credentials } | null>(
    null,
  );

  const credentialsFromForm = (): Credentials | null => {
    const next: FieldErrors<LoginField> = {};
    let credentials: Credentials | null = null;
    if (!password) next.password = 'Enter your password';
    if (mode === 'email') {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) next.email = parsed.error.issues[0]?.message;
      else credentials = { email: parsed.data, password };
    } else {
      const parsed = phoneSchema.safeParse(phone);
      const country = countryByIso2(countryIso2) ?? DEFAULT_COUNTRY;
      if (!parsed.success) next.phone = parsed.error.issues[0]?.message;
      else credentials = { phone: parsed.data, country_code: country.dialCode, password };
    }
    setErrors(next);
    return hasErrors(next) ? null : credentials;
  };

  const attempt = async (credentials: Credentials) => {
    setBusy(true);
    setFormError(undefined);
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
          setFormError(`${error.message} Log in with your mobile number to verify it.`);
        }
      } else {
        const { fieldErrors, formError } = submitErrorOf(error);
        setErrors(fieldErrors);
        setFormError(formError);
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = credentialsFromForm();
    if (credentials) void attempt(credentials);
  };

  if (verification) {
    return (
      <div>
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
      </div>
    );
  }

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setFormError(undefined);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
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
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          required
        />
      ) : (
        <PhoneFields
          label="Mobile number"
          countryIso2={countryIso2}
          onCountryChange={setCountryIso2}
          phone={phone}
          onPhoneChange={setPhone}
          error={errors.phone}
        />
      )}
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <div className="form-inline-links">
        <Link to={paths.forgotPassword.href()}>Forgot password</Link>
      </div>
      <Button type="submit" busy={busy} className="btn-block">
        Login
      </Button>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <p className="form-links">
        New to Loupe? <Link to={paths.register.href()}>Register</Link>
      </p>
    </form>
  );
}
