import { useController } from 'react-hook-form';
import { Field } from '../../../components/ui/field';

export interface CodeInputProps {
  /** The form's field holding the code. */
  name?: string;
  autoFocus?: boolean;
}

/**
 * The 6-digit code in one field of the surrounding form: typing, pasting the whole code or the
 * browser's one-time-code autofill all work; anything but digits is dropped.
 */
export function CodeInput({ name = 'code', autoFocus }: CodeInputProps) {
  const { field, fieldState } = useController({ name });
  const setCode = (text: string) => field.onChange(text.replace(/\D/g, '').slice(0, 6));
  return (
    <Field label="Verification code" error={fieldState.error?.message} hint="Enter the 6-digit code">
      {(control) => (
        <input
          className="input code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this step
          autoFocus={autoFocus}
          onChange={(event) => setCode(event.target.value)}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
            if (pasted) {
              event.preventDefault();
              setCode(pasted);
            }
          }}
          {...control}
        />
      )}
    </Field>
  );
}
