import { email as emailSchema, newPassword, otpCode, phone as phoneSchema } from '@loupe/contract/fields';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { OTP_RESEND_SECONDS } from '../../../lib/config';
import { countryByIso2, DEFAULT_COUNTRY } from '../../../lib/countries';
import { errorText } from '../../../lib/error-text';
import { formatPhone } from '../../../lib/format';
import {
  type ResetChannel,
  type ResetRecipient,
  resetPassword,
  sendResetCode,
  verifyResetCode,
} from '../api/password-reset';
import { secondsUntil, useCountdown } from '../hooks/use-countdown';
import { CodeInput } from './code-input';
import { PhoneFields } from './phone-fields';

type Step = 'request' | 'code' | 'password' | 'done';

/** Forgot password: code by email or SMS → verify → new password (domain-facts §12). */
export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>('request');
  const [channel, setChannel] = useState<ResetChannel>('email');
  const [email, setEmail] = useState('');
  const [countryIso2, setCountryIso2] = useState(DEFAULT_COUNTRY.iso2);
  const [phone, setPhone] = useState('');
  const [recipient, setRecipient] = useState<ResetRecipient | null>(null);
  const [resendToken, setResendToken] = useState('');
  const [code, setCode] = useState('');
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { secondsLeft, restart } = useCountdown();

  const send = async (to: ResetRecipient) => {
    setBusy(true);
    setFormError(undefined);
    try {
      const sent = await sendResetCode(channel, to);
      setRecipient(to);
      setResendToken(sent.resend_token);
      restart(Math.max(OTP_RESEND_SECONDS, secondsUntil(sent.resend_after, OTP_RESEND_SECONDS)));
      setCode('');
      setStep('code');
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const request = (event: FormEvent) => {
    event.preventDefault();
    if (channel === 'email') {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) return setErrors({ email: parsed.error.issues[0]?.message });
      setErrors({});
      void send({ email: parsed.data });
    } else {
      const parsed = phoneSchema.safeParse(phone);
      if (!parsed.success) return setErrors({ phone: parsed.error.issues[0]?.message });
      setErrors({});
      const country = countryByIso2(countryIso2) ?? DEFAULT_COUNTRY;
      void send({ phone: parsed.data, country_code: country.dialCode });
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpCode.safeParse(code);
    if (!parsed.success) return setErrors({ code: parsed.error.issues[0]?.message });
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    try {
      setToken(await verifyResetCode(channel, parsed.data, resendToken));
      setStep('password');
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('OTP_')) setErrors({ code: error.message });
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string | undefined> = {};
    const parsed = newPassword.safeParse(password);
    if (!parsed.success) next.password = parsed.error.issues[0]?.message;
    if (confirmPassword !== password) next.confirmPassword = 'The passwords do not match';
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setFormError(undefined);
    setBusy(true);
    try {
      await resetPassword({ token, new_password: password, confirm_password: confirmPassword });
      setStep('done');
    } catch (error) {
      if (isApiError(error, 'PASSWORD_REUSED')) setErrors({ password: error.message });
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'done') {
    return (
      <div className="form">
        <FormMessage tone="success">Your password has been reset. Log in with your new password.</FormMessage>
        <Link className="btn btn-primary btn-block" to={paths.login.href()}>
          Back to login
        </Link>
      </div>
    );
  }

  if (step === 'password') {
    return (
      <form className="form" onSubmit={reset} noValidate>
        <p className="form-lead">Choose a new password. It must differ from the passwords you used before.</p>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint="At least 8 characters with upper case, lower case and a digit"
          required
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={errors.confirmPassword}
          required
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <Button type="submit" busy={busy} className="btn-block">
          Reset password
        </Button>
      </form>
    );
  }

  if (step === 'code' && recipient) {
    const sentTo =
      'email' in recipient ? recipient.email : formatPhone(recipient.country_code, recipient.phone);
    return (
      <form className="form" onSubmit={verify} noValidate>
        <p className="form-lead">
          We sent a 6-digit code to <strong>{sentTo}</strong>.
        </p>
        <CodeInput value={code} onChange={setCode} error={errors.code} autoFocus />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            Verify
          </Button>
          <Button variant="ghost" disabled={secondsLeft > 0 || busy} onClick={() => void send(recipient)}>
            Resend code
          </Button>
          {secondsLeft > 0 ? (
            <span className="form-note">You can ask for a new code in {secondsLeft} s</span>
          ) : null}
        </div>
        <p className="form-links">
          <button type="button" className="link-button" onClick={() => setStep('request')}>
            Use another {channel === 'email' ? 'email address' : 'mobile number'}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={request} noValidate>
      <SegmentedControl
        legend="Send the code by"
        options={[
          { value: 'email', label: 'Email' },
          { value: 'sms', label: 'Mobile' },
        ]}
        value={channel}
        onChange={setChannel}
      />
      {channel === 'email' ? (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
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
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" busy={busy} className="btn-block">
        Send code
      </Button>
      <p className="form-links">
        Remembered it? <Link to={paths.login.href()}>Back to login</Link>
      </p>
    </form>
  );
}
