import { useFormContext } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { useFieldError } from '../../../components/ui/form';
import { CountrySelect } from './country-select';

export interface PhoneFieldsProps {
  label: string;
  /** The form's fields for the country (ISO2) and the national number. */
  countryName?: string;
  phoneName?: string;
  required?: boolean;
}

/** A country picker and a mobile number side by side, in the surrounding form. */
export function PhoneFields({
  label,
  countryName = 'countryIso2',
  phoneName = 'phone',
  required,
}: PhoneFieldsProps) {
  const { register } = useFormContext();
  const countryError = useFieldError(countryName);
  const error = useFieldError(phoneName);
  return (
    <div className="field-row field-row-phone">
      <Field label="Country code" error={countryError} className="field-country">
        {(control) => <CountrySelect {...control} {...register(countryName)} />}
      </Field>
      <Field label={label} error={error} required={required} className="field-grow">
        {(control) => (
          <input
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required={required}
            {...control}
            {...register(phoneName)}
          />
        )}
      </Field>
    </div>
  );
}
