import { Field } from '../../../components/ui/field';
import { CountrySelect } from './country-select';

export interface PhoneFieldsProps {
  label: string;
  countryIso2: string;
  onCountryChange: (iso2: string) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  error?: string | undefined;
  countryError?: string | undefined;
  required?: boolean;
}

/** A country picker and a mobile number side by side. */
export function PhoneFields({
  label,
  countryIso2,
  onCountryChange,
  phone,
  onPhoneChange,
  error,
  countryError,
  required,
}: PhoneFieldsProps) {
  return (
    <div className="field-row field-row-phone">
      <Field label="Country code" error={countryError} className="field-country">
        {(control) => <CountrySelect value={countryIso2} onChange={onCountryChange} {...control} />}
      </Field>
      <Field label={label} error={error} required={required} className="field-grow">
        {(control) => (
          <input
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={(event) => onPhoneChange(event.target.value)}
            required={required}
            {...control}
          />
        )}
      </Field>
    </div>
  );
}
