export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2, sent as `country_iso2_code`. */
  iso2: string;
  /** Dial code without the plus, sent as `country_code`. */
  dialCode: string;
}

/** The diamond trade's main centres first (India, Belgium, USA, UAE, Israel, Hong Kong, UK). */
export const COUNTRIES: readonly Country[] = [
  { name: 'India', iso2: 'IN', dialCode: '91' },
  { name: 'Belgium', iso2: 'BE', dialCode: '32' },
  { name: 'United States', iso2: 'US', dialCode: '1' },
  { name: 'United Arab Emirates', iso2: 'AE', dialCode: '971' },
  { name: 'Israel', iso2: 'IL', dialCode: '972' },
  { name: 'Hong Kong', iso2: 'HK', dialCode: '852' },
  { name: 'United Kingdom', iso2: 'GB', dialCode: '44' },
  { name: 'Angola', iso2: 'AO', dialCode: '244' },
  { name: 'Australia', iso2: 'AU', dialCode: '61' },
  { name: 'Botswana', iso2: 'BW', dialCode: '267' },
  { name: 'Canada', iso2: 'CA', dialCode: '1' },
  { name: 'China', iso2: 'CN', dialCode: '86' },
  { name: 'France', iso2: 'FR', dialCode: '33' },
  { name: 'Germany', iso2: 'DE', dialCode: '49' },
  { name: 'Italy', iso2: 'IT', dialCode: '39' },
  { name: 'Japan', iso2: 'JP', dialCode: '81' },
  { name: 'Mexico', iso2: 'MX', dialCode: '52' },
  { name: 'Namibia', iso2: 'NA', dialCode: '264' },
  { name: 'Netherlands', iso2: 'NL', dialCode: '31' },
  { name: 'Qatar', iso2: 'QA', dialCode: '974' },
  { name: 'Russia', iso2: 'RU', dialCode: '7' },
  { name: 'Saudi Arabia', iso2: 'SA', dialCode: '966' },
  { name: 'Singapore', iso2: 'SG', dialCode: '65' },
  { name: 'South Africa', iso2: 'ZA', dialCode: '27' },
  { name: 'South Korea', iso2: 'KR', dialCode: '82' },
  { name: 'Spain', iso2: 'ES', dialCode: '34' },
  { name: 'Sri Lanka', iso2: 'LK', dialCode: '94' },
  { name: 'Switzerland', iso2: 'CH', dialCode: '41' },
  { name: 'Taiwan', iso2: 'TW', dialCode: '886' },
  { name: 'Thailand', iso2: 'TH', dialCode: '66' },
  { name: 'Turkey', iso2: 'TR', dialCode: '90' },
];

export const DEFAULT_COUNTRY: Country = COUNTRIES[0]!;

export function countryByIso2(iso2: string): Country | undefined {
  return COUNTRIES.find((country) => country.iso2 === iso2);
}

/** The first country with this dial code (+1 is the United States before Canada). */
export function countryByDialCode(dialCode: string): Country | undefined {
  const code = dialCode.replace(/^\+/, '');
  return COUNTRIES.find((country) => country.dialCode === code);
}
