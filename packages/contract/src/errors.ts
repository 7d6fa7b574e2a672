import { z } from 'zod';

/**
 * Every error the API answers with, and its HTTP status. The server throws `new AppError(code)`;
 * the web app reads `code` to choose what to show. Statuses follow spec §8 and the pins.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  /** The account exists but its phone number is not verified yet: verify by SMS code first. */
  PHONE_NOT_VERIFIED: 403,
  KYC_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DUPLICATE_EMAIL: 409,
  DUPLICATE_MOBILE: 409,
  CONFLICT: 409,
  /** A bid-to-buy search or action while no bid-to-buy event is running (404, pins). */
  INACTIVE_BID_TO_BUY: 404,
  /** A bid not above the floor (the asking or event discount, or my own bid): nothing recorded. */
  BID_TOO_LOW: 400,
  /** A bid on a stone that is not in the open round, or after the round closed: nothing recorded. */
  BID_NOT_OPEN: 409,
  /** No trade show is running: its export and its stock are not available. */
  NO_TRADE_SHOW: 409,
  /** This session was ended by a log-out of all devices (or a password change elsewhere). */
  SESSION_ENDED_EVERYWHERE: 410,
  /** This session was logged out or has expired. */
  SESSION_LOGGED_OUT: 419,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  /** Five wrong codes: the code is burnt and a new one must be requested. */
  OTP_TOO_MANY_ATTEMPTS: 400,
  OTP_RESEND_TOO_SOON: 429,
  PASSWORD_REUSED: 400,
  PASSWORD_MISMATCH: 400,
  /** A spreadsheet export of more stones than one file may hold (EXPORT_LIMITS.maxStones). */
  EXPORT_TOO_LARGE: 400,
  /** The cart holds at most 300 stones (CART_LIMITS.maxStones); nothing was added. */
  CART_LIMIT_REACHED: 400,
  /** A stone of a confirmation is sold, or on hold or memo for someone else; nothing was ordered. */
  STONE_UNAVAILABLE: 409,
  /** A stone's price moved since the buyer saw it; nothing was ordered. */
  PRICE_CHANGED: 409,
  /** The KAM's slot was booked by someone else, or starts too soon, since the slots were shown. */
  SLOT_TAKEN: 409,
  /** An appointment named a stone on Hold or Memo (or one that is not in stock). */
  STONE_NOT_BOOKABLE: 400,
  /** A KYC submission with steps, documents or the email check still due (`details.missing`). */
  KYC_INCOMPLETE: 400,
  UNSUPPORTED_MEDIA: 415,
  /** An upload over its route's size (`upload.maxBytes`). */
  FILE_TOO_LARGE: 400,
  /** An upload whose content is none of its route's types (judged by content, not by name). */
  FILE_TYPE_NOT_ALLOWED: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** The request's headers are larger than the server reads (about 16 KB). */
  HEADERS_TOO_LARGE: 431,
  /** The request did not arrive in time. */
  REQUEST_TIMEOUT: 408,
  /** The route exists, but not with this method. */
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBody>;
