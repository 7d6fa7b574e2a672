/** Logging in and out, sessions, one-time codes, password reset and change, phone and email checks. */

export { type IssuedCode, issueCode, verifyCode } from './one-time-codes.ts';
export { authRoutes } from './routes.ts';
export { SessionReader } from './sessions.ts';
export { sendEmailVerification } from './verify-email.ts';
