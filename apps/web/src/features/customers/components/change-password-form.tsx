import { changePassword as changePasswordRoute } from '@loupe/contract/customers';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-error';
import { type FieldErrors, submitErrorOf } from '../../../lib/error-text';
import { fieldErrorsFromZod } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

const empty = { password: '', new_password: '', confirm_password: '' };

/** Current, new and confirmed password (domain-facts §9); other devices are logged out. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const change = useChangePassword();

  const field = (key: keyof typeof empty) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = changePasswordRoute.body!.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(empty);
        toast.success('Your password is changed. Your other devices are logged out.');
      },
      onError: (error) => {
        // The server answers PASSWORD_MISMATCH for a wrong current password.
        if (isApiError(error, 'PASSWORD_MISMATCH')) setErrors({ password: error.message });
        else if (isApiError(error, 'PASSWORD_REUSED')) setErrors({ new_password: error.message });
        else {
          const { fieldErrors, formError } = submitErrorOf(error);
          setErrors(fieldErrors);
          setFormError(formError);
        }
      },
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h2 className="section-title">Change password</h2>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters with upper case, lower case and a digit"
        {...field('new_password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirm_password')}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <div className="form-actions">
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
