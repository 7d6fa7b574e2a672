import { email as emailRule, otpCode } from '@loupe/contract/fields';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { resendEmailCode, sendEmailCode, useVerifyEmailCode } from '../api/kyc';

interface Sent {
  token: string;
  resendAt: number;
  email: string;
}

type CodeSent = { token: string; resend_after: string; email: string };

const sentOf = (answer: CodeSent): Sent => ({
  token: answer.token,
  resendAt: Date.parse(answer.resend_after),
  email: answer.email,
});

function useSecondsUntil(at: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Verifies the Personal Details email by a 6-digit code (sent when it opens), with a new code
 * after 60 s and a corrected address.
 */
export function EmailCodeDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState('');
  const [editing, setEditing] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = useVerifyEmailCode();
  const wait = useSecondsUntil(sent ? sent.resendAt : null);

  const keep = (answer: CodeSent) => setSent(sentOf(answer));

  useEffect(() => {
    sendEmailCode()
      .then((answer) => setSent(sentOf(answer)))
      .catch((e: unknown) => setError(errorText(e)));
  }, []);

  async function resend(corrected?: string) {
    if (!sent) return;
    setError(null);
    setBusy(true);
    try {
      keep(await resendEmailCode(sent.token, corrected));
      setEditing(false);
      setCode('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function check() {
    if (!sent) return;
    const parsed = otpCode.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync({ token: sent.token, otp: parsed.data });
      onDone();
    } catch (e) {
      setError(errorText(e));
    }
  }

  function saveEmail() {
    const parsed = emailRule.safeParse(newEmail);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    void resend(parsed.data);
  }

  return (
    <Dialog
      title="Verify your email"
      onClose={onClose}
      className="kyc-email-dialog"
      actions={
        editing ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button busy={busy} onClick={saveEmail}>
              Send code
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Later
            </Button>
            <Button busy={verify.isPending} onClick={() => void check()}>
              Verify
            </Button>
          </>
        )
      }
    >
      {editing ? (
        <Field label="New email address" error={error ?? undefined}>
          {(control) => (
            <input
              className="input"
              type="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
              {...control}
            />
          )}
        </Field>
      ) : (
        <>
          <p>
            {sent ? (
              <>
                We sent a 6-digit code to <strong>{sent.email}</strong>.{' '}
                <Button variant="link" size="sm" onClick={() => setEditing(true)}>
                  Edit email
                </Button>
              </>
            ) : (
              'Sending a code to your email…'
            )}
          </p>
          <Field label="Verification code" error={error ?? undefined}>
            {(control) => (
              <input
                className="input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                {...control}
              />
            )}
          </Field>
          <p className="kyc-muted">
            {wait > 0 ? (
              `You can ask for a new code in ${wait} s.`
            ) : (
              <Button variant="link" size="sm" busy={busy} disabled={!sent} onClick={() => void resend()}>
                Resend code
              </Button>
            )}
          </p>
        </>
      )}
    </Dialog>
  );
}
