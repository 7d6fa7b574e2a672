import { type HandshakeError, handshakeAuth } from '@loupe/contract/realtime';
import type { Socket } from 'socket.io';
import { AppError } from '../errors.ts';
import type { AuthenticateToken, SessionContext } from '../http/session.ts';
import type { Log } from '../log.ts';

export interface SocketData {
  session: SessionContext;
}

/** A refused handshake: the client reads `data` in its connect_error (the REST error codes). */
function refusal(code: string, status: number, message: string) {
  const error = new Error(message) as Error & { data: HandshakeError };
  error.data = { code, status };
  return error;
}

/**
 * Checks the session token of the handshake (`auth: {token}`) as the REST API checks a bearer
 * token: unknown 401, logged out or expired 419, ended everywhere 410.
 */
export function authenticateHandshake(deps: { authenticate: AuthenticateToken; log: Log }) {
  return async (socket: Socket, next: (err?: Error) => void) => {
    const auth = handshakeAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return next(refusal('UNAUTHORIZED', 401, 'Please log in.'));
    try {
      const session = await deps.authenticate(auth.data.token);
      (socket.data as SocketData).session = session;
      next();
    } catch (err) {
      if (err instanceof AppError) return next(refusal(err.code, err.status, err.message));
      deps.log.error({ err }, 'socket handshake failed');
      next(refusal('INTERNAL', 500, 'Something went wrong'));
    }
  };
}
