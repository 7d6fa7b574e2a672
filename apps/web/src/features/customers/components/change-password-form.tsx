import { zodResolver } from '@hookform/resolvers/zod';
import { changePassword as changePasswordRoute } from '@loupe/contract/auth';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, showSubmitError } from '../../../components/ui/form';
import { type PasswordChange, useChangePassword } from '../api/change-password';

const empty: PasswordChange = { password: '', new_password: '', confirm_password: '' };

/**
 * Current, new and confirmed password (domain-facts §9). A change logs the customer out on every
 * device, this one included: `onChanged` takes them on (the screen leads to the login page).
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordRoute.body!), defaultValues: empty });

  const submit = async (values: PasswordChange) => {
    try {
      await change.mutateAsync(values);
    } catch (error) {
      showSubmitError(form, error, {
        codes: {
          // The server answers PASSWORD_MISMATCH for a wrong current password.
          PASSWORD_MISMATCH: { field: 'password' },
          PASSWORD_REUSED: { field: 'new_password' },
        },
      });
      return;
    }
    onChanged();
  };

  return (
    <Form form={form} onSubmit={submit}>
      <h2 className="section-title">Change password</h2>
      <FormField name="password" label="Current password" type="password" autoComplete="current-password" />
      <FormField
        name="new_password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters with upper case, lower case and a digit"
      />
      <FormField
        name="confirm_password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
      <FormError />
      <div className="form-actions">
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </div>
    </Form>
  );
}
