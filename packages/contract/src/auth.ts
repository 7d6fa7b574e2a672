import { z } from 'zod';
import { customer } from './customers.ts';
import { countryCode, email, newPassword, otpCode, passwordsMatch, phone } from './fields.ts';
import { route } from './route.ts';

export const login = route({
  method: 'POST',
  path: '/store/auth/token',
  summary: 'Log in by email or by phone; one session per device',
  tag: 'auth',
  auth: false,
  body: z.union([
    z.object({ email, password: z.string().min(1).max(128), device_name: z.string().max(200).optional() }),
    z.object({
      phone,
      country_code: countryCode,
      password: z.string().min(1).max(128),
      device_name: z.string().max(200).optional(),
    }),
  ]),
  status: 200,
  response: z.object({ access_token: z.string(), customer }),
});

export const logout = route({
  method: 'POST',
  path: '/store/customers/me/logout',
  summary: 'Log out this device; its token then answers 419',
  tag: 'auth',
  auth: true,
  status: 204,
});

export const logoutAll = route({
  method: 'POST',
  path: '/store/customers/me/logout-all',
  summary: 'Log out all devices; every other token then answers 410',
  tag: 'auth',
  auth: true,
  status: 204,
});

const otpSent = z.object({
  statusCode: z.literal(200),
  /** Identifies this code; sent back with the code to verify it, or to ask for a new one. */
  resend_token: z.string(),
  expires_at: z.string(),
  /** A new code can be asked for from this moment on. */
  resend_after: z.string(),
});

export const sendSmsOtp = route({
  method: 'POST',
  path: '/store/customers/sms/otp/send',
  summary: 'Send a 6-digit code by SMS to verify a phone number',
  tag: 'auth',
  auth: false,
  query: z.object({ entry_point: z.string().max(60).optional() }),
  body: z.object({ phone, country_code: countryCode, resend_token: z.string().max(200).optional() }),
  status: 200,
  response: otpSent,
});

/** The resend token travels as `Authorization: Bearer <resend_token>` (spec §7) or in the body. */
export const verifySmsOtp = route({
  method: 'POST',
  path: '/store/customers/sms/otp/verify',
  summary: 'Verify the SMS code; the phone number is then verified',
  tag: 'auth',
  auth: false,
  body: z.object({ otp: otpCode, resend_token: z.string().max(200).optional() }),
  status: 200,
  response: z.object({ statusCode: z.literal(200), is_phone_verified: z.literal(true) }),
});

export const passwordResetChannel = z.enum(['sms', 'email']);

export const sendPasswordResetOtp = route({
  method: 'POST',
  path: '/store/customers/:query/password-reset-otp/send',
  summary: 'Send a password-reset code by SMS or email',
  tag: 'auth',
  auth: false,
  params: z.object({ query: passwordResetChannel }),
  body: z.union([z.object({ email }), z.object({ phone, country_code: countryCode })]),
  status: 200,
  response: otpSent,
});

export const verifyPasswordResetOtp = route({
  method: 'POST',
  path: '/store/customers/:query/password-reset-otp/verify',
  summary: 'Verify the password-reset code; answers a token for the reset',
  tag: 'auth',
  auth: false,
  params: z.object({ query: passwordResetChannel }),
  body: z.object({ otp: otpCode, resend_token: z.string().min(1).max(200) }),
  status: 200,
  response: z.object({ statusCode: z.literal(200), token: z.string() }),
});

export const resetPassword = route({
  method: 'POST',
  path: '/store/customers/password-reset',
  summary: 'Set a new password with the token of a verified reset code; every session ends',
  tag: 'auth',
  auth: false,
  body: z
    .object({ token: z.string().min(1).max(200), new_password: newPassword, confirm_password: z.string() })
    .refine(passwordsMatch, { message: 'The new passwords do not match', path: ['confirm_password'] }),
  status: 200,
  response: z.object({ statusCode: z.literal(200) }),
});

export const verifyEmail = route({
  method: 'POST',
  path: '/store/customers/email/verify',
  summary: 'Verify the email address with the token from the verification email',
  tag: 'auth',
  auth: false,
  body: z.object({ token: z.string().min(1).max(200) }),
  status: 200,
  response: z.object({ statusCode: z.literal(200), is_email_verified: z.literal(true) }),
});

export const lookupPhone = route({
  method: 'GET',
  path: '/store/auth/:country_code/:phone_number',
  summary: 'Whether a phone number already belongs to an account',
  tag: 'auth',
  auth: false,
  params: z.object({ country_code: countryCode, phone_number: phone }),
  status: 200,
  response: z.object({ exists: z.boolean() }),
});

export const changePassword = route({
  method: 'POST',
  path: '/store/customers/me/change-password',
  summary: 'Change the password; every session of the customer ends (this one answers 419, the others 410)',
  tag: 'customers',
  auth: true,
  body: z
    .object({ password: z.string().min(1).max(128), new_password: newPassword, confirm_password: z.string() })
    .refine(passwordsMatch, { message: 'The new passwords do not match', path: ['confirm_password'] }),
  status: 204,
});
