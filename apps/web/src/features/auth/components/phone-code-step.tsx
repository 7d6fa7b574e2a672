import { zodResolver } from '@hookform/resolvers/zod';
import { otpCode, phone as phoneSchema } from '@loupe/contract/fields';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Form, FormError } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-error';
import { OTP_RESEND_SECONDS } from '../../../lib/config';
import { countryByDialCode, countryByIso2, DEFAULT_COUNTRY } from '../../../lib/countries';
import { errorText } from '../../../lib/error-text';
import { formatPhone } from '../../../lib/format';
import { type PhoneNumber, sendSmsCode, verifySmsCode } from '../api/sms-code';
import { secondsUntil, useCountdown } from '../hooks/use-countdown';
import { CodeInput } from './code-input';
import { PhoneFields } from './phone-fields';

export interface PhoneCodeStepProps {
  number: PhoneNumber;
  /** Sent as `entry_point` with the code request ("login", "registration"). */
  entryPoint: string;
  /** Called once the code is verified. */
  onVerified: (number: PhoneNumber) => void | Promise<void>;
  /** Offers "Edit mobile number" (registration); the new number gets the next code. */
  allowEdit?: boolean;
  onNumberChange?: (number: PhoneNumber) => void;
  /** Offers a way back (e.g. "Back to login"). */
  onCancel?: () => void;
  cancelLabel?: string;
}

const codeFormSchema = z.object({ code: otpCode });
const numberFormSchema = z.object({ countryIso2: z.string(), phone: phoneSchema });

/** Sends a 6-digit code by SMS and verifies it (domain-facts §12: paste, 60 s resend, edit number). */
export function PhoneCodeStep({
  number: initialNumber,
  entryPoint,
  onVerified,
  allowEdit = false,
  onNumberChange,
  onCancel,
  cancelLabel = 'Back',
}: PhoneCodeStepProps) {
  const [number, setNumber] = useState(initialNumber);
  const [resendToken, setResendToken] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState(false);
  const codeForm = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const numberForm = useForm({
    resolver: zodResolver(numberFormSchema),
    defaultValues: {
      countryIso2: countryByDialCode(initialNumber.country_code)?.iso2 ?? DEFAULT_COUNTRY.iso2,
      phone: initialNumber.phone,
    },
  });
  const { secondsLeft, restart } = useCountdown();
  const firstSend = useRef(false);

  /** Asks for a code; answers why it was refused, or null once it is on its way. */
  const send = async (to: PhoneNumber, token?: string): Promise<string | null> => {
    setSending(true);
    try {
      const sent = await sendSmsCode(to, entryPoint, token);
      setResendToken(sent.resend_token);
      restart(Math.max(OTP_RESEND_SECONDS, secondsUntil(sent.resend_after, OTP_RESEND_SECONDS)));
      return null;
    } catch (error) {
      // A refused resend still waits before the next try.
      if (isApiError(error, 'OTP_RESEND_TOO_SOON')) restart(OTP_RESEND_SECONDS);
      return errorText(error);
    } finally {
      setSending(false);
    }
  };

  const sendCode = async (to: PhoneNumber, token?: string) => {
    codeForm.clearErrors('root.server');
    const problem = await send(to, token);
    if (problem) codeForm.setError('root.server', { message: problem });
  };

  // The first code goes out as soon as the step shows (once, even under StrictMode).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the number the step opened with
  useEffect(() => {
    if (firstSend.current) return;
    firstSend.current = true;
    void sendCode(initialNumber);
  }, []);

  const verify = async ({ code }: z.output<typeof codeFormSchema>) => {
    if (!resendToken) {
      codeForm.setError('root.server', { message: 'Ask for a code first' });
      return;
    }
    try {
      await verifySmsCode(code, resendToken);
      await onVerified(number);
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('OTP_'))
        codeForm.setError('code', { message: error.message });
      else codeForm.setError('root.server', { message: errorText(error) });
    }
  };

  const saveNumber = async (values: z.output<typeof numberFormSchema>) => {
    const country = countryByIso2(values.countryIso2) ?? DEFAULT_COUNTRY;
    const next = { phone: values.phone, country_code: country.dialCode };
    const problem = await send(next);
    if (problem) {
      numberForm.setError('root.server', { message: problem });
      return;
    }
    setNumber(next);
    onNumberChange?.(next);
    codeForm.reset({ code: '' });
    setEditing(false);
  };

  if (editing) {
    return (
      <Form form={numberForm} onSubmit={saveNumber}>
        <p className="form-lead">Enter the mobile number that should receive the code.</p>
        <PhoneFields label="Mobile number" required />
        <FormError />
        <div className="form-actions">
          <Button type="submit" busy={sending}>
            Send code
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <Form form={codeForm} onSubmit={verify}>
      <p className="form-lead">
        We sent a 6-digit code by SMS to <strong>{formatPhone(number.country_code, number.phone)}</strong>.
        {allowEdit ? (
          <>
            {' '}
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              Edit mobile number
            </button>
          </>
        ) : null}
      </p>
      <CodeInput autoFocus />
      <FormError />
      <div className="form-actions">
        <Button type="submit" busy={codeForm.formState.isSubmitting} disabled={sending && !resendToken}>
          Verify
        </Button>
        <Button
          variant="ghost"
          disabled={secondsLeft > 0 || sending}
          onClick={() => void sendCode(number, resendToken ?? undefined)}
        >
          Resend code
        </Button>
        {secondsLeft > 0 ? (
          <span className="form-note">You can ask for a new code in {secondsLeft} s</span>
        ) : null}
      </div>
      {onCancel ? (
        <p className="form-links">
          <button type="button" className="link-button" onClick={onCancel}>
            {cancelLabel}
          </button>
        </p>
      ) : null}
    </Form>
  );
}
