import type { SelectHTMLAttributes } from 'react';
import { COUNTRIES } from '../../../lib/countries';

/** The country of a mobile number, shown as "India (+91)"; the value is the ISO2 code. */
export function CountrySelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className="input select" {...props}>
      {COUNTRIES.map((country) => (
        <option key={country.iso2} value={country.iso2}>
          {country.name} (+{country.dialCode})
        </option>
      ))}
    </select>
  );
}
