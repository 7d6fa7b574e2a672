import { z } from 'zod';

/** Field rules shared by registration, login, password reset and the account screens (domain-facts §12). */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Enter a valid email address');

/** 6–15 digits, without the country code. */
export const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6,15}$/, 'Enter a mobile number of 6 to 15 digits'));

/** "+91" or "91": stored without the plus. */
export const countryCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, 'Enter a country code of 1 to 4 digits'));

export const passwordRuleMessage =
  'Password must be at least 8 characters with an upper-case letter, a lower-case letter and a digit';

export const newPassword = z
  .string()
  .min(8, passwordRuleMessage)
  .max(128, 'Password must be at most 128 characters')
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), passwordRuleMessage);

export const personName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(140, 'At most 140 characters')
  .regex(/^[\p{L}\d ]+$/u, 'Use letters, digits and spaces only');

export const otpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export function passwordsMatch(v: { new_password: string; confirm_password: string }) {
  return v.new_password === v.confirm_password;
}
