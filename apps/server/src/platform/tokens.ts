import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** An opaque random token for the client; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * What is stored of a 6-digit code: its HMAC keyed by the code's resend token, which only the
 * client holds (the database keeps the token's hash). A copy of the database cannot recover codes
 * by trying the million of them, as it could from a plain hash.
 */
export function codeDigest(resendToken: string, code: string): string {
  return createHmac('sha256', resendToken).update(code).digest('hex');
}
