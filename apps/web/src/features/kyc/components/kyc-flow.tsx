import type { KycState } from '@loupe/contract/kyc';
import {
  KYC_COUNTRY_LABELS,
  KYC_MODE_LABELS,
  type KycCountry,
  type KycMode,
  kycDocumentsOf,
  kycMissing,
  kycModesOf,
  kycStepsOf,
} from '@loupe/contract/kyc-fields';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormMessage } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { downloadForm, useKyc, useRestartKyc, useSubmitKyc } from '../api/kyc';
import { EmailCodeDialog } from './email-code-dialog';
import { KycDocuments } from './kyc-documents';
import { KycStepForm } from './kyc-step-form';
import '../kyc.css';

const COUNTRIES: KycCountry[] = ['india', 'belgium', 'usa', 'other'];

/** What a missing item of a refused submission is called on screen. */
function missingText(item: string, country: KycCountry, mode: KycMode) {
  if (item === 'email_verification') return 'Email verification';
  const step = /^step_(\d)$/.exec(item);
  if (step) return kycStepsOf(country, mode).find((s) => s.n === Number(step[1]))?.title ?? item;
  return kycDocumentsOf(country, mode).find((d) => d.field_key === item)?.label ?? item;
}

function StatusScreen({ state }: { state: KycState }) {
  const restart = useRestartKyc();
  const { status, rejection_reason } = state.kyc;
  if (status === 'approved') {
    return (
      <section className="card kyc-status" aria-labelledby="kyc-status-title">
        <h2 id="kyc-status-title">Your KYC is approved</h2>
        <p>You can now see prices, confirm stones, place bids and book appointments with your KAM.</p>
      </section>
    );
  }
  if (status === 'pending') {
    return (
      <section className="card kyc-status" aria-labelledby="kyc-status-title">
        <h2 id="kyc-status-title">Your KYC is under review</h2>
        <p>Thank you. Our team reviews your KYC within 3 days and tells you by notification and email.</p>
      </section>
    );
  }
  return (
    <section className="card kyc-status" aria-labelledby="kyc-status-title">
      <h2 id="kyc-status-title">Your KYC was not approved</h2>
      <p>{rejection_reason ?? 'Your KAM will contact you about what is missing.'}</p>
      <p>Your details and documents are kept: correct what is needed and submit again.</p>
      {restart.error ? <FormMessage tone="error">{errorText(restart.error)}</FormMessage> : null}
      <Button busy={restart.isPending} onClick={() => restart.mutate()}>
        Restart KYC
      </Button>
    </section>
  );
}

function Choice<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="kyc-choice-cards">
      <legend className="kyc-step-title">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={`kyc-choice-card${value === o.value ? ' is-selected' : ''}`}>
          <input type="radio" name={legend} checked={value === o.value} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function TermsDialog({
  busy,
  onAccept,
  onClose,
}: {
  busy: boolean;
  onAccept: () => void;
  onClose: () => void;
}) {
  const [accepted, setAccepted] = useState(false);
  return (
    <Dialog
      title="Terms and conditions"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!accepted} busy={busy} onClick={onAccept}>
            Accept and submit
          </Button>
        </>
      }
    >
      <div className="kyc-terms">
        <p>
          I confirm that the information and documents I give are true and complete, that I am authorised to
          give them for my company, and that Loupe Diamonds may keep them and check them with third parties to
          meet its Know Your Customer and anti-money-laundering duties.
        </p>
        <p>I will tell Loupe Diamonds of any change to them.</p>
      </div>
      <label className="kyc-choice">
        <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} /> I accept
        the terms and conditions
      </label>
    </Dialog>
  );
}

function Form({ state }: { state: KycState }) {
  const saved = state.profile_data;
  const [country, setCountry] = useState<KycCountry | null>(saved.country);
  const [mode, setMode] = useState<KycMode | null>(saved.mode);
  const [choosing, setChoosing] = useState(saved.country === null);
  const steps = country && mode ? kycStepsOf(country, mode) : [];
  const sameForm = country === saved.country && mode === saved.mode;
  const stepsData = mode ? saved[mode] : {};
  const firstOpen = steps.findIndex(
    (s) => !['attachment', 'hub'].includes(s.kind) && !stepsData[String(s.n)],
  );
  const [index, setIndex] = useState(firstOpen < 0 ? Math.max(0, steps.length - 1) : firstOpen);
  const [verifying, setVerifying] = useState(false);
  const [terms, setTerms] = useState(false);
  // Once a submission was refused as incomplete, what is still missing shows, as it is completed.
  const [incomplete, setIncomplete] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submit = useSubmitKyc();

  if (choosing || !country || !mode) {
    const modes = country ? kycModesOf(country) : [];
    return (
      <div className="card kyc-choose">
        <Choice
          legend="Where is your company registered?"
          options={COUNTRIES.map((c) => ({ value: c, label: KYC_COUNTRY_LABELS[c] }))}
          value={country}
          onChange={(c) => {
            setCountry(c);
            setMode(kycModesOf(c).length === 1 ? 'offline' : null);
          }}
        />
        {country ? (
          <Choice
            legend="How would you like to submit?"
            options={modes.map((m) => ({ value: m, label: KYC_MODE_LABELS[m] }))}
            value={mode}
            onChange={setMode}
          />
        ) : null}
        {country === 'other' ? (
          <p className="kyc-muted">
            Companies outside India, Belgium and the U.S submit the signed form offline.
          </p>
        ) : null}
        <div className="kyc-actions">
          <Button
            disabled={!country || !mode}
            onClick={() => {
              setChoosing(false);
              setIndex(0);
            }}
          >
            Continue
          </Button>
        </div>
      </div>
    );
  }

  const step = steps[Math.min(index, steps.length - 1)]!;
  const offline = mode === 'offline';
  const documents = sameForm ? state.documents : [];
  const missing = incomplete
    ? kycMissing(
        country,
        mode,
        saved,
        state.documents.map((d) => d.field_key),
        state.is_email_verified,
      )
    : [];

  async function send() {
    if (!country || !mode) return;
    setIncomplete(false);
    setSubmitError(null);
    try {
      await submit.mutateAsync({ country, offline });
    } catch (e) {
      setTerms(false);
      if (isApiError(e, 'KYC_INCOMPLETE')) setIncomplete(true);
      else setSubmitError(errorText(e));
    }
  }

  return (
    <div className="kyc-form">
      <div className="kyc-form-head">
        <p>
          {KYC_COUNTRY_LABELS[country]} · {KYC_MODE_LABELS[mode]}{' '}
          <Button variant="link" size="sm" onClick={() => setChoosing(true)}>
            Change
          </Button>
        </p>
        <ol className="kyc-stepper">
          {steps.map((s, i) => (
            <li
              key={s.n}
              className={i === index ? 'is-current' : stepsData[String(s.n)] && sameForm ? 'is-done' : ''}
            >
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? 'step' : undefined}
              >
                {s.title}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <div className="card">
        {step.kind === 'attachment' || step.kind === 'hub' ? (
          <div className="kyc-step-form">
            <h2 className="kyc-step-title">{step.title}</h2>
            {step.kind === 'hub' ? (
              <div className="kyc-hub">
                <p>
                  Download the {KYC_COUNTRY_LABELS[country]} KYC form, print it, fill it in and sign it
                  {country === 'other' ? ' and stamp it (with the 3 self-declarations)' : ''}, then upload it
                  below with the documents.
                </p>
                <Button variant="secondary" onClick={() => void downloadForm(country)}>
                  Download the KYC form (PDF)
                </Button>
              </div>
            ) : null}
            <KycDocuments country={country} mode={mode} documents={documents} />
            {!state.is_email_verified ? (
              <FormMessage tone="info">
                Your email is not verified yet.{' '}
                <Button variant="link" size="sm" onClick={() => setVerifying(true)}>
                  Verify email
                </Button>
              </FormMessage>
            ) : null}
            {missing.length > 0 ? (
              <FormMessage tone="error">
                Please complete these first: {missing.map((m) => missingText(m, country, mode)).join(', ')}.
              </FormMessage>
            ) : null}
            {submitError ? <FormMessage tone="error">{submitError}</FormMessage> : null}
            <div className="kyc-actions">
              <Button variant="secondary" onClick={() => setIndex(index - 1)}>
                Back
              </Button>
              <Button onClick={() => setTerms(true)}>Submit</Button>
            </div>
          </div>
        ) : (
          <KycStepForm
            key={`${country}-${mode}-${step.n}`}
            country={country}
            mode={mode}
            step={step}
            saved={sameForm || step.n === 1 ? stepsData[String(step.n)] : undefined}
            company={sameForm ? saved.online['2'] : undefined}
            onBack={index > 0 ? () => setIndex(index - 1) : undefined}
            onSaved={() => {
              if (step.kind === 'personal' && !state.is_email_verified) setVerifying(true);
              setIndex(index + 1);
            }}
          />
        )}
      </div>
      {verifying ? (
        <EmailCodeDialog onDone={() => setVerifying(false)} onClose={() => setVerifying(false)} />
      ) : null}
      {terms ? (
        <TermsDialog busy={submit.isPending} onAccept={() => void send()} onClose={() => setTerms(false)} />
      ) : null}
    </div>
  );
}

/** /v2/kyc: the country and mode, the steps, the documents and the submission, or the status. */
export function KycFlow() {
  const kyc = useKyc();
  if (kyc.isPending) return <PageSpinner label="Loading your KYC" />;
  if (kyc.isError) return <FormMessage tone="error">{errorText(kyc.error)}</FormMessage>;
  const state = kyc.data;
  if (['pending', 'approved', 'rejected'].includes(state.kyc.status)) return <StatusScreen state={state} />;
  return <Form state={state} />;
}
