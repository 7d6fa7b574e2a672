import type { Customer } from '@loupe/contract/customers';
import { updateMe } from '@loupe/contract/customers';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { type FieldErrors, submitErrorOf } from '../../../lib/error-text';
import { fieldErrorsFromZod } from '../../../lib/form-errors';
import { useUpdateCustomer } from '../api/update-customer';

interface ProfileValues {
  first_name: string;
  last_name: string;
  company_name: string;
  city: string;
  country: string;
}

function valuesOf(customer: Customer): ProfileValues {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    company_name: customer.company_name,
    city: customer.city ?? '',
    country: customer.country ?? '',
  };
}

/** Name, company and location of the customer (POST /store/customers/me). */
export function ProfileForm({ customer }: { customer: Customer }) {
  const [values, setValues] = useState(() => valuesOf(customer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const update = useUpdateCustomer();
  const initial = valuesOf(customer);
  const changed = (Object.keys(values) as (keyof ProfileValues)[]).some(
    (key) => values[key] !== initial[key],
  );

  const field = (key: keyof ProfileValues) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = updateMe.body!.safeParse({
      first_name: values.first_name,
      last_name: values.last_name,
      company_name: values.company_name,
      city: values.city.trim() || null,
      country: values.country.trim() || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        toast.success('Your profile is saved');
      },
      onError: (error) => {
        const { fieldErrors, formError } = submitErrorOf(error);
        setErrors(fieldErrors);
        setFormError(formError);
      },
    });
  };

  return (
    <form className="form form-wide" onSubmit={submit} noValidate>
      <h2 className="section-title">Profile details</h2>
      <div className="field-row">
        <TextField label="First Name" autoComplete="given-name" required {...field('first_name')} />
        <TextField label="Last Name" autoComplete="family-name" required {...field('last_name')} />
      </div>
      <TextField label="Company Name" autoComplete="organization" required {...field('company_name')} />
      <div className="field-row">
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField label="Country" autoComplete="country-name" {...field('country')} />
      </div>
      <p className="form-note">
        Your email address and mobile number are verified identifiers; ask your KAM to change them.
      </p>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <div className="form-actions">
        <Button type="submit" busy={update.isPending} disabled={!changed}>
          Save changes
        </Button>
        {changed ? (
          <Button variant="ghost" onClick={() => setValues(initial)}>
            Discard
          </Button>
        ) : null}
      </div>
    </form>
  );
}
