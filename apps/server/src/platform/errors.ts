import { type ErrorCode, errorStatus } from '@loupe/contract/errors';

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'The request has invalid data.',
  INVALID_CREDENTIALS: 'The email, phone or password is not correct.',
  UNAUTHORIZED: 'Please log in.',
  PHONE_NOT_VERIFIED: 'Please verify your mobile number first.',
  KYC_REQUIRED: 'Please complete your KYC to use this feature.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  DUPLICATE_EMAIL: 'An account with this email already exists.',
  DUPLICATE_MOBILE: 'An account with this mobile number already exists.',
  CONFLICT: 'This conflicts with the current state.',
  INACTIVE_BID_TO_BUY: 'No bid-to-buy event is running at the moment.',
  BID_TOO_LOW: 'Your bid must be above the current floor.',
  BID_NOT_OPEN: 'This stone is not open for bidding.',
  NO_TRADE_SHOW: 'No trade show is running at the moment.',
  SESSION_ENDED_EVERYWHERE: 'Session expired! You have been logged out of all devices. Please log in again.',
  SESSION_LOGGED_OUT: 'You have been logged out. Please log in again.',
  OTP_INVALID: 'The code is not correct.',
  OTP_EXPIRED: 'The code has expired. Please ask for a new one.',
  OTP_TOO_MANY_ATTEMPTS: 'Too many wrong codes. Please ask for a new one.',
  OTP_RESEND_TOO_SOON: 'Please wait a minute before asking for a new code.',
  PASSWORD_REUSED: 'The new password must differ from the old one.',
  PASSWORD_MISMATCH: 'The current password is not correct.',
  EXPORT_TOO_LARGE: 'Too many stones for one spreadsheet. Please narrow the search.',
  SLOT_TAKEN: 'This time slot is no longer available. Please choose another one.',
  KYC_INCOMPLETE: 'Please complete every step of your KYC first.',
  UNSUPPORTED_MEDIA: 'This file type is not supported.',
  PAYLOAD_TOO_LARGE: 'The file is too large.',
  RATE_LIMITED: 'Too many requests. Please try again in a minute.',
  INTERNAL: 'Something went wrong',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  /** Seconds after which trying again may succeed (sent as `Retry-After`). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message?: string,
    details?: unknown,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message ?? defaultMessages[code] ?? code);
    this.code = code;
    this.status = errorStatus[code];
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
