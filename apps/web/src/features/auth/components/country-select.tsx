import { COUNTRIES } from '../../../lib/countries';

export interface CountrySelectProps {
  id: string;
  value: string;
  onChange: (iso2: string) => void;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/** The country of a mobile number, shown as "India (+91)"; the value is the ISO2 code. */
export function CountrySelect({ value, onChange, ...control }: CountrySelectProps) {
  return (
    <select
      className="input select"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...control}
    >
      {COUNTRIES.map((country) => (
        <option key={country.iso2} value={country.iso2}>
          {country.name} (+{country.dialCode})
        </option>
      ))}
    </select>
  );
}
