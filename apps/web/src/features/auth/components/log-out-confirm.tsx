import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type LogoutScope, useLogOut } from '../api/log-out';

export const LOG_OUT_ALL_TITLE = 'Log out of all devices?';

/**
 * Logging out, where "all devices" asks first (issue 19): it ends the sessions on the buyer's
 * phone and every other computer too. Render `dialog` beside the buttons that call `logOut`.
 */
export function useLogOutWithConfirm(): {
  logOut: (scope: LogoutScope) => void;
  pending: LogoutScope | null;
  dialog: ReactNode;
} {
  const { logOut, pending } = useLogOut();
  const [asking, setAsking] = useState(false);
  const dialog = asking ? (
    <Dialog
      title={LOG_OUT_ALL_TITLE}
      onClose={() => setAsking(false)}
      actions={
        <>
          <Button variant="secondary" onClick={() => setAsking(false)} disabled={pending !== null}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={pending === 'all-devices'}
            onClick={() => void logOut('all-devices')}
          >
            Logout all devices
          </Button>
        </>
      }
    >
      <p>
        This ends your sessions on every device, this one included. Each of them asks you to log in again.
      </p>
    </Dialog>
  ) : null;
  return {
    logOut: (scope) => (scope === 'all-devices' ? setAsking(true) : void logOut(scope)),
    pending,
    dialog,
  };
}
