import { zodResolver } from '@hookform/resolvers/zod';
import { registerBody } from '@loupe/contract/customers';
import { email, newPassword, personName, phone } from '@loupe/contract/fields';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, showSubmitError } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { countryByIso2, DEFAULT_COUNTRY } from '../../../lib/countries';
import { countryByIp } from '../../../lib/ip-location';
import { type Registration, registerCustomer, trackFunnelStep, useReferralCodes } from '../api/registration';
import { PhoneFields } from './phone-fields';
import { matchReferral, ReferralField } from './referral-field';

/**
 * The registration form's fields, checked with the contract's rules for each (registerBody);
 * Re-enter Password is the form's own.
 */
export const registrationFormSchema = z
  .object({
    firstName: personName,
    lastName: personName,
    email,
    companyName: registerBody.shape.company_name,
    countryIso2: registerBody.shape.country_iso2_code,
    phone,
    password: newPassword,
    confirmPassword: z.string(),
    referral: z.string(),
  })
  .superRefine((values, ctx) => {
    const message = !values.confirmPassword
      ? 'Re-enter your password'
      : values.confirmPassword !== values.password
        ? 'The passwords do not match'
        : null;
    if (message) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message });
  });

export type RegistrationValues = z.input<typeof registrationFormSchema>;

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

/** API field names → form fields, for the server's messages. */
const fieldOfApiKey = {
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
} as const;

export interface RegisterFormProps {
  /** Called after 201 with what was registered (the password is needed to log in afterwards). */
  onRegistered: (registration: Registration) => void;
}

/** The registration form (domain-facts §12), validated with the contract's field rules. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const referrals = useReferralCodes();
  const people = referrals.data ?? [];
  const form = useForm({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: emptyRegistration,
  });

  // The country the visitor is in (IP lookup, when configured) is preselected until they pick one.
  useEffect(() => {
    let current = true;
    void countryByIp().then((iso2) => {
      if (!current || !iso2 || !countryByIso2(iso2) || form.getFieldState('countryIso2').isDirty) return;
      form.setValue('countryIso2', iso2);
    });
    return () => {
      current = false;
    };
  }, [form]);

  const submit = async (values: z.output<typeof registrationFormSchema>) => {
    const country = countryByIso2(values.countryIso2) ?? DEFAULT_COUNTRY;
    const registration: Registration = {
      first_name: values.firstName,
      last_name: values.lastName,
      email: values.email,
      company_name: values.companyName,
      country_code: country.dialCode,
      country_iso2_code: values.countryIso2,
      phone: values.phone,
      password: values.password,
      referral_code: matchReferral(values.referral, people)?.key ?? null,
    };
    try {
      await registerCustomer(registration);
      trackFunnelStep('form_submitted', { mobile_number: registration.phone, status: 'success' });
      onRegistered(registration);
    } catch (error) {
      trackFunnelStep('form_submitted', {
        mobile_number: registration.phone,
        status: isApiError(error) ? error.code.toLowerCase().slice(0, 30) : 'failed',
      });
      showSubmitError(form, error, {
        fields: fieldOfApiKey,
        codes: {
          DUPLICATE_EMAIL: { field: 'email', message: 'duplicate email' },
          DUPLICATE_MOBILE: { field: 'phone', message: 'duplicate mobile number' },
        },
      });
    }
  };

  return (
    <Form form={form} onSubmit={submit}>
      <div className="field-row">
        <FormField name="firstName" label="First Name" autoComplete="given-name" required />
        <FormField name="lastName" label="Last Name" autoComplete="family-name" required />
      </div>
      <FormField name="email" label="Email" type="email" autoComplete="email" required />
      <FormField name="companyName" label="Company Name" autoComplete="organization" required />
      <PhoneFields label="Mobile" required />
      <div className="field-row">
        <FormField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters with upper case, lower case and a digit"
          required
        />
        <FormField
          name="confirmPassword"
          label="Re-enter Password"
          type="password"
          autoComplete="new-password"
          required
        />
      </div>
      <ReferralField people={people} />
      <FormError />
      <Button type="submit" busy={form.formState.isSubmitting} className="btn-block">
        Create account
      </Button>
      <p className="form-legal">
        By creating an account you accept how we handle your data as described in our{' '}
        <a href={paths.privacyPolicy.href()}>privacy policy</a>.
      </p>
      <p className="form-links">
        Already registered? <Link to={paths.login.href()}>Log in</Link>
      </p>
    </Form>
  );
}
