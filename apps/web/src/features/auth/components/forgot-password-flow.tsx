import { zodResolver } from '@hookform/resolvers/zod';
import { email as emailSchema, newPassword, otpCode, phone as phoneSchema } from '@loupe/contract/fields';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { Form, FormError, FormField, showSubmitError } from '../../../components/ui/form';
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

/** Where the code goes: the email address or the mobile number, by the contract's field rules. */
const requestFormSchema = z
  .object({
    channel: z.enum(['email', 'sms']),
    email: z.string(),
    countryIso2: z.string(),
    phone: z.string(),
  })
  .transform((values, ctx): ResetRecipient => {
    const field = values.channel === 'email' ? 'email' : 'phone';
    const parsed = (values.channel === 'email' ? emailSchema : phoneSchema).safeParse(values[field]);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0]?.message ?? '' });
      return z.NEVER;
    }
    if (values.channel === 'email') return { email: parsed.data };
    const country = countryByIso2(values.countryIso2) ?? DEFAULT_COUNTRY;
    return { phone: parsed.data, country_code: country.dialCode };
  });

const codeFormSchema = z.object({ code: otpCode });

const passwordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .superRefine((values, ctx) => {
    if (values.confirmPassword !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The passwords do not match' });
    }
  });

/** Forgot password: code by email or SMS → verify → new password (domain-facts §12). */
export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>('request');
  const [recipient, setRecipient] = useState<ResetRecipient | null>(null);
  const [resendToken, setResendToken] = useState('');
  const [token, setToken] = useState('');
  const [sending, setSending] = useState(false);
  const { secondsLeft, restart } = useCountdown();
  const requestForm = useForm({
    resolver: zodResolver(requestFormSchema),
    defaultValues: {
      channel: 'email' as ResetChannel,
      email: '',
      countryIso2: DEFAULT_COUNTRY.iso2,
      phone: '',
    },
  });
  const codeForm = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const passwordForm = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const channel = requestForm.watch('channel');

  /** Sends a code; answers why it was refused, or null once it is on its way. */
  const send = async (to: ResetRecipient): Promise<string | null> => {
    setSending(true);
    try {
      const sent = await sendResetCode(channel, to);
      setRecipient(to);
      setResendToken(sent.resend_token);
      restart(Math.max(OTP_RESEND_SECONDS, secondsUntil(sent.resend_after, OTP_RESEND_SECONDS)));
      codeForm.reset({ code: '' });
      setStep('code');
      return null;
    } catch (error) {
      return errorText(error);
    } finally {
      setSending(false);
    }
  };

  const request = async (to: ResetRecipient) => {
    const problem = await send(to);
    if (problem) requestForm.setError('root.server', { message: problem });
  };

  const resend = async (to: ResetRecipient) => {
    codeForm.clearErrors('root.server');
    const problem = await send(to);
    if (problem) codeForm.setError('root.server', { message: problem });
  };

  const verify = async ({ code }: z.output<typeof codeFormSchema>) => {
    try {
      setToken(await verifyResetCode(channel, code, resendToken));
      setStep('password');
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('OTP_'))
        codeForm.setError('code', { message: error.message });
      else codeForm.setError('root.server', { message: errorText(error) });
    }
  };

  const reset = async (values: z.output<typeof passwordFormSchema>) => {
    try {
      await resetPassword({ token, new_password: values.password, confirm_password: values.confirmPassword });
      setStep('done');
    } catch (error) {
      showSubmitError(passwordForm, error, { codes: { PASSWORD_REUSED: { field: 'password' } } });
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
      <Form form={passwordForm} onSubmit={reset}>
        <p className="form-lead">Choose a new password. It must differ from the passwords you used before.</p>
        <FormField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters with upper case, lower case and a digit"
          required
        />
        <FormField
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormError />
        <Button type="submit" busy={passwordForm.formState.isSubmitting} className="btn-block">
          Reset password
        </Button>
      </Form>
    );
  }

  if (step === 'code' && recipient) {
    const sentTo =
      'email' in recipient ? recipient.email : formatPhone(recipient.country_code, recipient.phone);
    return (
      <Form form={codeForm} onSubmit={verify}>
        <p className="form-lead">
          We sent a 6-digit code to <strong>{sentTo}</strong>.
        </p>
        <CodeInput autoFocus />
        <FormError />
        <div className="form-actions">
          <Button type="submit" busy={codeForm.formState.isSubmitting}>
            Verify
          </Button>
          <Button
            variant="ghost"
            disabled={secondsLeft > 0 || sending || codeForm.formState.isSubmitting}
            onClick={() => void resend(recipient)}
          >
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
      </Form>
    );
  }

  return (
    <Form form={requestForm} onSubmit={request}>
      <SegmentedControl
        legend="Send the code by"
        options={[
          { value: 'email', label: 'Email' },
          { value: 'sms', label: 'Mobile' },
        ]}
        value={channel}
        onChange={(next) => {
          requestForm.setValue('channel', next);
          requestForm.clearErrors();
        }}
      />
      {channel === 'email' ? (
        <FormField name="email" label="Email" type="email" autoComplete="email" />
      ) : (
        <PhoneFields label="Mobile number" />
      )}
      <FormError />
      <Button type="submit" busy={sending} className="btn-block">
        Send code
      </Button>
      <p className="form-links">
        Remembered it? <Link to={paths.login.href()}>Back to login</Link>
      </p>
    </Form>
  );
}
