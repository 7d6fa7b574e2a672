import * as auth from '@loupe/contract/auth';
import type { FastifyInstance } from 'fastify';
import type { AccountLimiter } from '../../platform/account-limiter.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { accountProbeLimit, registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { type Messenger, smsAddress } from '../../platform/messaging/messenger.ts';
import type { SessionSockets } from '../../platform/realtime/server.ts';
import { getCustomer } from '../customers/index.ts';
import { changePassword } from './change-password.ts';
import { logIn } from './log-in.ts';
import { resetPassword, sendPasswordResetCode, verifyPasswordResetCode } from './reset-password.ts';
import { logOutEverywhere, logOutSession } from './sessions.ts';
import { verifyEmail } from './verify-email.ts';
import { findCustomerIdByPhone, sendPhoneVerificationCode, verifyPhone } from './verify-phone.ts';

function otpAnswer(issued: { resendToken: string; expiresAt: Date; resendAfter: Date }) {
  return {
    statusCode: 200 as const,
    resend_token: issued.resendToken,
    expires_at: issued.expiresAt.toISOString(),
    resend_after: issued.resendAfter.toISOString(),
  };
}

/** The resend token of spec §7 arrives as a bearer header or in the body. */
function resendTokenOf(request: { headers: { authorization?: string } }, body?: string): string {
  const header = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const token = header ?? body;
  if (!token) throw new AppError('OTP_INVALID', 'The code is not valid. Please ask for a new one.');
  return token;
}

export interface AuthRouteDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  accountLimiter: AccountLimiter;
  /** Days a session stays valid without use. */
  sessionIdleDays: number;
  /** Ending a session closes its sockets. */
  sockets: SessionSockets;
  /** Phone lookups a minute from one address (they tell whether an account exists). */
  probesPerMinute: number;
}

/** Logging in and out, codes, password reset and change, phone and email verification. */
export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { db, clock, messenger, accountLimiter, sockets } = deps;

  registerRoute(app, auth.login, async (request) => {
    const { token, customerId } = await logIn(db, clock, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      idleDays: deps.sessionIdleDays,
      // Per account and source together: guesses from one address cannot lock the owner out
      // elsewhere (request.ip believes only the proxies of TRUST_PROXY).
      limit: (account) => accountLimiter.hit(`login:${account}@${request.ip}`),
    });
    request.log.info({ customerId }, 'customer logged in');
    return { access_token: token, customer: await getCustomer(db, clock, customerId) };
  });

  registerRoute(app, auth.logout, async (request) => {
    await logOutSession(db, clock, sockets, sessionOf(request));
  });

  registerRoute(app, auth.logoutAll, async (request) => {
    await logOutEverywhere(db, clock, sockets, sessionOf(request));
  });

  registerRoute(app, auth.sendSmsOtp, async (request) => {
    await accountLimiter.hit(`otp:${smsAddress(request.body.country_code, request.body.phone)}`);
    return otpAnswer(await sendPhoneVerificationCode(db, clock, messenger, request.body));
  });

  registerRoute(app, auth.verifySmsOtp, async (request) => {
    const resendToken = resendTokenOf(request, request.body.resend_token);
    await accountLimiter.hit(`otp-verify:${resendToken}`);
    await verifyPhone(db, clock, resendToken, request.body.otp);
    return { statusCode: 200 as const, is_phone_verified: true as const };
  });

  registerRoute(app, auth.sendPasswordResetOtp, async (request) => {
    const body = request.body;
    await accountLimiter.hit(
      `reset:${'email' in body ? body.email : smsAddress(body.country_code, body.phone)}`,
    );
    return otpAnswer(
      await sendPasswordResetCode(db, clock, messenger, { channel: request.params.query, ...body }),
    );
  });

  registerRoute(app, auth.verifyPasswordResetOtp, async (request) => {
    await accountLimiter.hit(`reset-verify:${request.body.resend_token}`);
    const token = await verifyPasswordResetCode(db, clock, request.body.resend_token, request.body.otp);
    return { statusCode: 200 as const, token };
  });

  registerRoute(app, auth.resetPassword, async (request) => {
    await resetPassword(db, clock, sockets, request.body.token, request.body.new_password);
    return { statusCode: 200 as const };
  });

  registerRoute(app, auth.verifyEmail, async (request) => {
    await verifyEmail(db, clock, request.body.token);
    return { statusCode: 200 as const, is_email_verified: true as const };
  });

  registerRoute(
    app,
    auth.lookupPhone,
    async (request) => ({
      exists:
        (await findCustomerIdByPhone(db, request.params.country_code, request.params.phone_number)) !== null,
    }),
    { rateLimit: accountProbeLimit(deps.probesPerMinute) },
  );

  registerRoute(app, auth.changePassword, async (request) => {
    await changePassword(db, clock, sockets, sessionOf(request), request.body);
  });
}
