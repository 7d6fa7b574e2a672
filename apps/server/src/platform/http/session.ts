import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Who is calling a route whose contract says `auth: true`. The floor knows only this shape: the
 * hook that finds the session for a bearer token is handed in by the app (auth's sessions).
 */
export interface SessionContext {
  sessionId: string;
  customerId: string;
  /**
   * Whether the customer's KYC is approved, read in the same statement as the session: what the
   * stock shows them on this request (prices), without a second statement of its own.
   */
  kycApproved: boolean;
}

/** Resolves a bearer token to its session, or throws the AppError the caller hears (401, 419, 410). */
export type AuthenticateToken = (token: string) => Promise<SessionContext>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes whose contract says `auth: true`. */
    session: SessionContext | null;
  }
  interface FastifyInstance {
    /** Finds the session of a route whose contract says `auth: true` (given by the app). */
    authenticate(request: FastifyRequest): Promise<void>;
    /** Checks the operator credential of a route whose contract says `auth: 'operator'`. */
    authenticateOperator(request: FastifyRequest): Promise<void>;
  }
}

/** The bearer token of a request, if it carries one. */
export function bearerTokenOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** The logged-in customer of a route that requires authentication. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}
