import { zodResolver } from '@hookform/resolvers/zod';
import { type KycCountry, type KycMode, type KycStep, kycStepSchema } from '@loupe/contract/kyc-fields';
import { type Resolver, useController, useForm, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Form, FormError, FormField, showSubmitError, useFieldError } from '../../../components/ui/form';
import { useSaveStep } from '../api/kyc';
import { type FieldSpec, fieldsOf, startValues, valuesToSend } from '../kyc-form-fields';

type Values = Record<string, unknown>;

function SelectField({ spec }: { spec: FieldSpec }) {
  const { register } = useFormContext<Values>();
  const error = useFieldError(spec.name);
  return (
    <Field label={spec.label} error={error} required={spec.required}>
      {(control) => (
        <select className="input" {...control} {...register(spec.name)}>
          <option value="">Select</option>
          {spec.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function MultiField({ spec }: { spec: FieldSpec }) {
  const { register } = useFormContext<Values>();
  const error = useFieldError(spec.name);
  return (
    <fieldset className={`field kyc-choices${error ? ' field-invalid' : ''}`}>
      <legend className="field-label">
        {spec.label}
        {spec.required ? <span className="field-required"> *</span> : null}
      </legend>
      <div className="kyc-choice-row">
        {spec.options?.map((o) => (
          <label key={o.value} className="kyc-choice">
            <input type="checkbox" value={o.value} {...register(spec.name)} /> {o.label}
          </label>
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

function YesNoField({ spec }: { spec: FieldSpec }) {
  const { field } = useController<Values>({ name: spec.name });
  const error = useFieldError(spec.name);
  return (
    <fieldset className={`field kyc-choices${error ? ' field-invalid' : ''}`}>
      <legend className="field-label">
        {spec.label}
        {spec.required ? <span className="field-required"> *</span> : null}
      </legend>
      <div className="kyc-choice-row">
        {[
          { label: 'Yes', value: true },
          { label: 'No', value: false },
        ].map((o) => (
          <label key={o.label} className="kyc-choice">
            <input
              type="radio"
              name={spec.name}
              checked={field.value === o.value}
              onChange={() => field.onChange(o.value)}
              onBlur={field.onBlur}
            />{' '}
            {o.label}
          </label>
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

function NumberField({ spec }: { spec: FieldSpec }) {
  const { register } = useFormContext<Values>();
  const error = useFieldError(spec.name);
  return (
    <Field label={spec.label} error={error} required={spec.required}>
      {(control) => (
        <input
          className="input"
          type="number"
          {...control}
          {...register(spec.name, { setValueAs: (v: string) => (v === '' || v == null ? null : Number(v)) })}
        />
      )}
    </Field>
  );
}

function StepField({ spec }: { spec: FieldSpec }) {
  switch (spec.kind) {
    case 'select':
      return <SelectField spec={spec} />;
    case 'multi':
      return <MultiField spec={spec} />;
    case 'yesno':
      return <YesNoField spec={spec} />;
    case 'number':
      return <NumberField spec={spec} />;
    default:
      return (
        <FormField
          name={spec.name}
          label={spec.label}
          type={spec.kind}
          required={spec.required}
          hint={spec.hint}
        />
      );
  }
}

function VisibleFields({ fields }: { fields: FieldSpec[] }) {
  const values = useWatch() as Values;
  return (
    <div className="kyc-fields">
      {fields
        .filter((f) => !f.showWhen || f.showWhen(values))
        .map((f) => (
          <StepField key={f.name} spec={f} />
        ))}
    </div>
  );
}

export interface KycStepFormProps {
  country: KycCountry;
  mode: KycMode;
  step: KycStep;
  saved: Values | undefined;
  /** The company step's values (the owner's PAN follows the company's for an individual). */
  company: Values | undefined;
  onSaved: () => void;
  onBack?: () => void;
}

/**
 * One step of the online form, or the offline Personal Details: the contract's schema checks it
 * here (only the fields shown count) and again on the server, whose field errors land on their
 * fields; the step is saved as a whole.
 */
export function KycStepForm({ country, mode, step, saved, company, onSaved, onBack }: KycStepFormProps) {
  const fields = fieldsOf(country, step.kind);
  const schema = kycStepSchema(country, mode, step.n) as z.ZodType<Values, Values>;
  const defaults = startValues(fields, saved);
  if (step.kind === 'owner' && !saved && company?.organisation_type === 'individual') {
    defaults.owner_pan_or_aadhaar_number = company.company_pan_number ?? '';
  }
  const schemaResolver = zodResolver(schema) as unknown as Resolver<Values>;
  const form = useForm<Values>({
    defaultValues: defaults,
    resolver: (values, context, options) => schemaResolver(valuesToSend(fields, values), context, options),
  });
  const save = useSaveStep();

  async function submit() {
    try {
      await save.mutateAsync({
        country,
        offline: mode === 'offline',
        n: step.n,
        data: valuesToSend(fields, form.getValues()),
      });
      onSaved();
    } catch (error) {
      showSubmitError(form, error);
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="form kyc-step-form">
      <h2 className="kyc-step-title">{step.title}</h2>
      <VisibleFields fields={fields} />
      <FormError />
      <div className="kyc-actions">
        {onBack ? (
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        ) : null}
        <Button type="submit" busy={save.isPending}>
          Save &amp; Next
        </Button>
      </div>
    </Form>
  );
}
