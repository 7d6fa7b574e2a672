import { zodResolver } from '@hookform/resolvers/zod';
import { type Customer, updateMe } from '@loupe/contract/customers';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, showSubmitError } from '../../../components/ui/form';
import { type CustomerUpdate, useUpdateCustomer } from '../api/update-customer';

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
  const update = useUpdateCustomer();
  const form = useForm({ resolver: zodResolver(updateMe.body!), defaultValues: valuesOf(customer) });
  const changed = form.formState.isDirty;

  const submit = async (values: CustomerUpdate) => {
    try {
      // An empty city or country is "unknown" to the API.
      const saved = await update.mutateAsync({
        ...values,
        city: values.city?.trim() || null,
        country: values.country?.trim() || null,
      });
      form.reset(valuesOf(saved));
      toast.success('Your profile is saved');
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="form form-wide">
      <h2 className="section-title">Profile details</h2>
      <div className="field-row">
        <FormField name="first_name" label="First Name" autoComplete="given-name" required />
        <FormField name="last_name" label="Last Name" autoComplete="family-name" required />
      </div>
      <FormField name="company_name" label="Company Name" autoComplete="organization" required />
      <div className="field-row">
        <FormField name="city" label="City" autoComplete="address-level2" />
        <FormField name="country" label="Country" autoComplete="country-name" />
      </div>
      <p className="form-note">
        Your email address and mobile number are verified identifiers; ask your KAM to change them.
      </p>
      <FormError />
      <div className="form-actions">
        <Button type="submit" busy={update.isPending} disabled={!changed}>
          Save changes
        </Button>
        {changed ? (
          <Button variant="ghost" onClick={() => form.reset()}>
            Discard
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
