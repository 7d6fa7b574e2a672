import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Spec §2 and §4: on the dashboard for a customer whose main tour is not_started. */
export function WelcomeDialog({
  firstName,
  lastName,
  onStart,
  onLater,
  onClose,
}: {
  firstName: string;
  lastName: string;
  onStart: () => void;
  onLater: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={`Welcome to Loupe, ${firstName} ${lastName}!`}
      className="dialog-center welcome-dialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onLater}>
            Do it later
          </Button>
          <Button onClick={onStart}>Start tour</Button>
        </>
      }
    >
      <p className="welcome-lead">Would you like to start a tour?</p>
      <p className="welcome-note">
        In a minute we show you how to search our stock, narrow it with filters and act on the stones you
        like.
      </p>
    </Dialog>
  );
}
