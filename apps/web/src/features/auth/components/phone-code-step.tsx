import { otpCode, phone as phoneSchema } from '@loupe/contract/fields';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
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
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draftCountry, setDraftCountry] = useState(
    () => countryByDialCode(initialNumber.country_code)?.iso2 ?? DEFAULT_COUNTRY.iso2,
  );
  const [draftPhone, setDraftPhone] = useState(initialNumber.phone);
  const [draftError, setDraftError] = useState<string>();
  const { secondsLeft, restart } = useCountdown();
  const firstSend = useRef(false);

  const send = async (to: PhoneNumber, token?: string) => {
    setSending(true);
    setFormError(undefined);
    try {
      const sent = await sendSmsCode(to, entryPoint, token);
      setResendToken(sent.resend_token);
      restart(Math.max(OTP_RESEND_SECONDS, secondsUntil(sent.resend_after, OTP_RESEND_SECONDS)));
      return true;
    } catch (error) {
      setFormError(errorText(error));
      // A refused resend still waits before the next try.
      if (isApiError(error, 'OTP_RESEND_TOO_SOON')) restart(OTP_RESEND_SECONDS);
      return false;
    } finally {
      setSending(false);
    }
  };

  // The first code goes out as soon as the step shows (once, even under StrictMode).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the number the step opened with
  useEffect(() => {
    if (firstSend.current) return;
    firstSend.current = true;
    void send(initialNumber);
  }, []);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    if (!resendToken) {
      setFormError('Ask for a code first');
      return;
    }
    setCodeError(undefined);
    setFormError(undefined);
    setVerifying(true);
    try {
      await verifySmsCode(parsed.data, resendToken);
      await onVerified(number);
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('OTP_')) setCodeError(error.message);
      else setFormError(errorText(error));
    } finally {
      setVerifying(false);
    }
  };

  const saveNumber = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneSchema.safeParse(draftPhone);
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message);
      return;
    }
    const country = countryByIso2(draftCountry) ?? DEFAULT_COUNTRY;
    const next = { phone: parsed.data, country_code: country.dialCode };
    setDraftError(undefined);
    if (await send(next)) {
      setNumber(next);
      onNumberChange?.(next);
      setCode('');
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <form className="form" onSubmit={saveNumber} noValidate>
        <p className="form-lead">Enter the mobile number that should receive the code.</p>
        <PhoneFields
          label="Mobile number"
          countryIso2={draftCountry}
          onCountryChange={setDraftCountry}
          phone={draftPhone}
          onPhoneChange={setDraftPhone}
          error={draftError}
          required
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="form-actions">
          <Button type="submit" busy={sending}>
            Send code
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={verify} noValidate>
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
      <CodeInput value={code} onChange={setCode} error={codeError} autoFocus />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <div className="form-actions">
        <Button type="submit" busy={verifying} disabled={sending && !resendToken}>
          Verify
        </Button>
        <Button
          variant="ghost"
          disabled={secondsLeft > 0 || sending}
          onClick={() => void send(number, resendToken ?? undefined)}
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
    </form>
  );
}
