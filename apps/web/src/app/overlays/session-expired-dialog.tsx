import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { paths } from '../../config/paths';
import { clearToken } from '../../lib/auth-token';
import { SESSION_EXPIRED_MESSAGE } from '../../lib/error-text';
import { onSessionEvent } from '../../lib/session-events';

/**
 * 410 from an authenticated call: another device logged out of all devices. The customer
 * acknowledges, then goes to the login page. A 419 (this session logged out or expired) needs
 * no dialog: the API client already dropped the token, and the customer goes straight to login.
 */
export function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => onSessionEvent('session-ended-everywhere', () => setOpen(true)), []);
  useEffect(
    () =>
      onSessionEvent('session-logged-out', () => {
        queryClient.clear();
        navigate(paths.login.href(), { replace: true });
      }),
    [queryClient, navigate],
  );

  if (!open) return null;
  const acknowledge = () => {
    setOpen(false);
    clearToken();
    queryClient.clear();
    navigate(paths.login.href(), { replace: true });
  };
  return (
    <Dialog
      title={SESSION_EXPIRED_MESSAGE}
      dismissible={false}
      actions={
        <Button autoFocus onClick={acknowledge}>
          Okay
        </Button>
      }
    />
  );
}
