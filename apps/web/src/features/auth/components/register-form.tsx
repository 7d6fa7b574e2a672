import { registerBody } from '@loupe/contract/customers';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { countryByIso2, DEFAULT_COUNTRY } from '../../../lib/countries';
import { type FieldErrors, submitErrorOf } from '../../../lib/error-text';
import { fieldErrorsFromZod, hasErrors } from '../../../lib/form-errors';
import { type Registration, registerCustomer, trackFunnelStep, useReferralCodes } from '../api/registration';
import { PhoneFields } from './phone-fields';
import { matchReferral, ReferralField } from './referral-field';

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  countryIso2: string;
  phone: string;
  password: string;
  confirmPassword: string;
  referral: string;
}

export const emptyRegistration: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
  countryIso2: DEFAULT_COUNTRY.iso2,
  phone: '',
  password: '',
  confirmPassword: '',
  referral: '',
};

type FormField = keyof RegistrationValues;

/** API field names → form fields, for the contract's and the server's messages. */
const fieldOfApiKey: Record<string, FormField> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  company_name: 'companyName',
  country_code: 'countryIso2',
  country_iso2_code: 'countryIso2',
  phone: 'phone',
  mobile: 'phone',
  password: 'password',
  referral_code: 'referral',
};

function toFormErrors(apiErrors: FieldErrors): FieldErrors<FormField> {
  const errors: FieldErrors<FormField> = {};
  for (const [key, message] of Object.entries(apiErrors)) {
    const field = fieldOfApiKey[key];
    if (field && message && !errors[field]) errors[field] = message;
  }
  return errors;
}

export interface RegisterFormProps {
  values: RegistrationValues;
  onValuesChange: (values: RegistrationValues) => void;
  /** Called after 201 with what was registered (the password is needed to log in afterwards). */
  onRegistered: (registration: Registration) => void;
}

/** The registration form (domain-facts §12), validated with the contract's field rules. */
export function RegisterForm({ values, onValuesChange, onRegistered }: RegisterFormProps) {
  const referrals = useReferralCodes();
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const people = referrals.data ?? [];

  const set =
    <K extends FormField>(key: K) =>
    (value: RegistrationValues[K]) => {
      onValuesChange({ ...values, [key]: value });
      if (errors[key]) setErrors({ ...errors, [key]: undefined });
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const country = countryByIso2(values.countryIso2) ?? DEFAULT_COUNTRY;
    const referral = matchReferral(values.referral, people);
    const parsed = registerBody.safeParse({
      first_name: values.firstName,
      last_name: values.lastName,
      email: values.email,
      company_name: values.companyName,
      country_code: country.dialCode,
      country_iso2_code: country.iso2,
      phone: values.phone,
      password: values.password,
      referral_code: referral?.key ?? null,
    });
    const next = parsed.success ? {} : toFormErrors(fieldErrorsFromZod(parsed.error));
    if (!values.confirmPassword) next.confirmPassword = 'Re-enter your password';
    else if (values.confirmPassword !== values.password) next.confirmPassword = 'The passwords do not match';
    setErrors(next);
    if (!parsed.success || hasErrors(next)) return;

    setBusy(true);
    try {
      await registerCustomer(parsed.data);
      trackFunnelStep('form_submitted', { mobile_number: parsed.data.phone, status: 'success' });
      onRegistered(parsed.data);
    } catch (error) {
      trackFunnelStep('form_submitted', {
        mobile_number: parsed.data.phone,
        status: isApiError(error) ? error.code.toLowerCase().slice(0, 30) : 'failed',
      });
      if (isApiError(error, 'DUPLICATE_EMAIL')) setErrors({ email: 'duplicate email' });
      else if (isApiError(error, 'DUPLICATE_MOBILE')) setErrors({ phone: 'duplicate mobile number' });
      else {
        const { fieldErrors, formError } = submitErrorOf(error);
        setErrors(toFormErrors(fieldErrors));
        setFormError(formError);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field-row">
        <TextField
          label="First Name"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(event) => set('firstName')(event.target.value)}
          error={errors.firstName}
          required
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => set('lastName')(event.target.value)}
          error={errors.lastName}
          required
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => set('email')(event.target.value)}
        error={errors.email}
        required
      />
      <TextField
        label="Company Name"
        autoComplete="organization"
        value={values.companyName}
        onChange={(event) => set('companyName')(event.target.value)}
        error={errors.companyName}
        required
      />
      <PhoneFields
        label="Mobile"
        countryIso2={values.countryIso2}
        onCountryChange={set('countryIso2')}
        phone={values.phone}
        onPhoneChange={set('phone')}
        error={errors.phone}
        countryError={errors.countryIso2}
        required
      />
      <div className="field-row">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => set('password')(event.target.value)}
          error={errors.password}
          hint="At least 8 characters with upper case, lower case and a digit"
          required
        />
        <TextField
          label="Re-enter Password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => set('confirmPassword')(event.target.value)}
          error={errors.confirmPassword}
          required
        />
      </div>
      <ReferralField
        value={values.referral}
        onChange={set('referral')}
        people={people}
        error={errors.referral}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" busy={busy} className="btn-block">
        Create account
      </Button>
      <p className="form-legal">
        By creating an account you accept how we handle your data as described in our{' '}
        <Link to={paths.privacyPolicy.href()}>privacy policy</Link>.
      </p>
      <p className="form-links">
        Already registered? <Link to={paths.login.href()}>Log in</Link>
      </p>
    </form>
  );
}
