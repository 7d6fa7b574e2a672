import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  type FieldPath,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { isApiError } from '../../lib/api-error';
import { submitErrorOf } from '../../lib/error-text';
import { Field, FormMessage } from './field';

/**
 * The one form approach (docs/decisions/015-web-forms-and-layers.md): react-hook-form holds the
 * values, a zod resolver built from the contract's schemas checks them, and these pieces draw
 * them. A screen writes
 *
 *   const form = useForm({ resolver: zodResolver(schema), defaultValues });
 *   <Form form={form} onSubmit={save}>
 *     <FormField name="first_name" label="First Name" />
 *     <FormError />
 *   </Form>
 *
 * and puts a refused submit on the form with `showSubmitError(form, error)`.
 */

export interface FormProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Called with the parsed values once the resolver accepts them. */
  onSubmit: (values: TOutput) => unknown;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A `<form>` bound to react-hook-form; the browser's own validation is off (the schema decides). */
export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  id,
  className = 'form',
  children,
}: FormProps<TValues, TOutput>) {
  return (
    <FormProvider {...form}>
      <form id={id} className={className} noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The message of one field of the surrounding form, if any. */
export function useFieldError(name: string): string | undefined {
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name });
  return getFieldState(name, formState).error?.message;
}

export interface FormFieldProps<TValues extends FieldValues = FieldValues>
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'children'> {
  name: FieldPath<TValues>;
  label: ReactNode;
  hint?: ReactNode;
}

/** A text input of the surrounding form: its label, hint and the field's error under it. */
export function FormField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  ...input
}: FormFieldProps<TValues>) {
  const { register } = useFormContext<TValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <input className="input" required={required} {...control} {...input} {...register(name)} />
      )}
    </Field>
  );
}

const SERVER_ERROR = 'root.server';

/** A refused submit's message that belongs to no single field, over the form's buttons. */
export function FormError() {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  return message ? <FormMessage tone="error">{message}</FormMessage> : null;
}

export interface SubmitErrorOptions<TValues extends FieldValues> {
  /** The API's field names where they differ from the form's (`first_name` → `firstName`). */
  fields?: Readonly<Partial<Record<string, FieldPath<TValues>>>>;
  /** Error codes that belong to one field, with the text to show there (else the server's). */
  codes?: Readonly<Partial<Record<string, { field: FieldPath<TValues>; message?: string }>>>;
}

/**
 * Puts a refused submit on the form (lib/error-text.ts words it): an error code that names a
 * field, or the server's field errors (400 VALIDATION_FAILED), on their fields; anything else, and
 * a field the form does not show, over the form.
 */
export function showSubmitError<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  error: unknown,
  options: SubmitErrorOptions<TValues> = {},
): void {
  const byCode = isApiError(error) ? options.codes?.[error.code] : undefined;
  if (byCode && isApiError(error)) {
    form.setError(byCode.field, { type: 'server', message: byCode.message ?? error.message });
    return;
  }
  const { fieldErrors, formError } = submitErrorOf(error);
  const shown = new Set(Object.keys(form.formState.defaultValues ?? {}));
  let unplaced = formError;
  for (const [key, message] of Object.entries(fieldErrors)) {
    if (!message) continue;
    const field = options.fields?.[key] ?? (shown.has(key) ? (key as FieldPath<TValues>) : undefined);
    if (field) form.setError(field, { type: 'server', message });
    else unplaced ??= message;
  }
  if (unplaced) form.setError(SERVER_ERROR as FieldPath<TValues>, { type: 'server', message: unplaced });
}
