import { logout, logoutAll } from '@loupe/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { call } from '../../../lib/api-client';
import { clearToken } from '../../../lib/auth-token';
import { log } from '../../../lib/log';
import { type LoginNotice, setLoginNotice } from './login-notice';

export type LogoutScope = 'this-device' | 'all-devices';

export async function logOut(scope: LogoutScope): Promise<void> {
  await call(scope === 'all-devices' ? logoutAll : logout);
}

/**
 * Forgets the session on this device (its token and everything read with it) and opens the login
 * page; with a notice, the login page says why (login-notice.ts).
 */
export function useEndSessionHere(): (notice?: LoginNotice) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (notice?: LoginNotice) => {
      if (notice) setLoginNotice(notice);
      clearToken();
      queryClient.clear();
      navigate(paths.login.href(), { replace: true });
    },
    [queryClient, navigate],
  );
}

/**
 * Logs out, then forgets the session here whatever the server said (an already-ended session
 * answers 410/419, which must not keep the customer in).
 */
export function useLogOut() {
  const endSessionHere = useEndSessionHere();
  const [pending, setPending] = useState<LogoutScope | null>(null);

  const run = async (scope: LogoutScope) => {
    setPending(scope);
    try {
      await logOut(scope);
    } catch (error) {
      log.warn('Logout call failed; ending the session locally', error);
    } finally {
      setPending(null);
      endSessionHere();
    }
  };

  return { logOut: run, pending };
}
