import { Field } from '../../../components/ui/field';

export interface CodeInputProps {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}

/**
 * The 6-digit code in one field: typing, pasting the whole code or the browser's one-time-code
 * autofill all work; anything but digits is dropped.
 */
export function CodeInput({ value, onChange, error, autoFocus }: CodeInputProps) {
  return (
    <Field label="Verification code" error={error} hint="Enter the 6-digit code">
      {(control) => (
        <input
          className="input code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this step
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
            if (pasted) {
              event.preventDefault();
              onChange(pasted.slice(0, 6));
            }
          }}
          {...control}
        />
      )}
    </Field>
  );
}
