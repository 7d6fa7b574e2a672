import { zodResolver } from '@hookform/resolvers/zod';
import { changePassword as changePasswordRoute } from '@loupe/contract/auth';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, showSubmitError } from '../../../components/ui/form';
import { type PasswordChange, useChangePassword } from '../api/change-password';

const empty: PasswordChange = { password: '', new_password: '', confirm_password: '' };

/** Current, new and confirmed password (domain-facts §9); other devices are logged out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordRoute.body!), defaultValues: empty });

  const submit = async (values: PasswordChange) => {
    try {
      await change.mutateAsync(values);
      form.reset(empty);
      toast.success('Your password is changed. Your other devices are logged out.');
    } catch (error) {
      showSubmitError(form, error, {
        codes: {
          // The server answers PASSWORD_MISMATCH for a wrong current password.
          PASSWORD_MISMATCH: { field: 'password' },
          PASSWORD_REUSED: { field: 'new_password' },
        },
      });
    }
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
