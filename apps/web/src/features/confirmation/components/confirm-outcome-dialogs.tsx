import { formatOrderId } from '@loupe/contract/orders';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import type { StoneProblem } from '../confirm-flow';
import { StoneProblemList } from './stone-problem-list';

/**
 * Where "Verify my KYC now" leads. The router has no KYC screen yet; the dashboard's KYC card is
 * where a buyer starts and follows their KYC.
 */
export const KYC_START_PATH = paths.dashboardV2.href();
export const YOUR_ORDERS_PATH = paths.myOrders.href({ path: 'pendingInvoices' });

export const BLOCKED_TITLE = 'Modify your selection';
export const KYC_TITLE = 'KYC required';
export const DISCLAIMER_TITLE = 'Disclaimer';

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** Step 1: stones on hold or memo for someone else are in the selection. */
export function BlockedDialog({
  problems,
  onClose,
}: {
  problems: readonly StoneProblem[];
  onClose: () => void;
}) {
  return (
    <Dialog
      title={BLOCKED_TITLE}
      onClose={onClose}
      className="confirm-dialog-narrow"
      confirm={{ label: 'Update Selection', onClick: onClose, autoFocus: true }}
    >
      <p>
        Please modify your selection: {plural(problems.length, 'this stone is', 'these stones are')} on
        hold/memo and cannot be confirmed.
      </p>
      <StoneProblemList problems={problems} label="Stones on hold or memo" />
    </Dialog>
  );
}

export function CheckingDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      title="Checking your stones"
      onClose={onClose}
      className="confirm-dialog-narrow"
      cancel={{ label: 'Cancel' }}
    >
      <p className="confirm-checking">
        <Spinner label="Checking availability" size={18} />
        Checking that the stones are still available at the prices shown.
      </p>
    </Dialog>
  );
}

export function KycRequiredDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog
      title={KYC_TITLE}
      onClose={onClose}
      className="confirm-dialog-narrow"
      cancel={{ label: 'Close' }}
      actions={
        <Link className="btn btn-primary" to={KYC_START_PATH} onClick={onClose}>
          Verify my KYC now
        </Link>
      }
    >
      <p>{message ?? 'Complete your KYC to confirm stones.'}</p>
      <p>Once your KYC is approved you can confirm stones at the prices shown.</p>
    </Dialog>
  );
}

/**
 * The time check found stones that cannot be confirmed: all of them (Update Selection /
 * Refresh Search Results) or some (Update Selection / Confirm Remaining Stones).
 */
export function UnavailableDialog({
  title,
  message,
  problems,
  remaining,
  note,
  onClose,
  onRefresh,
  onConfirmRemaining,
}: {
  title: string;
  message: string;
  problems: readonly StoneProblem[];
  /** How many stones could still be confirmed. */
  remaining: number;
  /** A line after the list, e.g. "Nothing was ordered." */
  note?: string;
  onClose: () => void;
  onRefresh: () => void;
  onConfirmRemaining: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      className="confirm-dialog-narrow"
      cancel={{ label: 'Update Selection' }}
      confirm={
        remaining > 0
          ? { label: 'Confirm Remaining Stones', onClick: onConfirmRemaining, autoFocus: true }
          : { label: 'Refresh Search Results', onClick: onRefresh, autoFocus: true }
      }
    >
      {message ? <p>{message}</p> : null}
      <StoneProblemList problems={problems} label="Unavailable stones" />
      {note ? <p>{note}</p> : null}
      {remaining > 0 ? (
        <p>
          {remaining} {plural(remaining, 'stone is', 'stones are')} still available to confirm.
        </p>
      ) : null}
    </Dialog>
  );
}

/** Step 4: a stone ships from somewhere other than the KAM's location. */
export function DisclaimerDialog({
  places,
  kamLocation,
  busy,
  onCancel,
  onConfirm,
}: {
  places: readonly string[];
  kamLocation: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const from = places.length > 0 ? places.join(', ') : 'another location';
  return (
    <Dialog
      title={DISCLAIMER_TITLE}
      onClose={onCancel}
      busy={busy}
      className="confirm-dialog-narrow"
      cancel={{ label: 'Cancel' }}
      confirm={{ label: 'Confirm Order', onClick: onConfirm, autoFocus: true }}
    >
      <p>
        Some of these stones ship from {from}
        {kamLocation ? `, not from ${kamLocation} where your KAM is` : ', not from your KAM’s location'}.
      </p>
      <ul className="confirm-disclaimer-points">
        <li>Customs duties and taxes of your country may apply; they are yours to pay.</li>
        <li>Import rules of your country apply to the shipment.</li>
        <li>Delivery may take longer than usual.</li>
      </ul>
    </Dialog>
  );
}

export function SuccessDialog({
  title,
  message,
  displayId,
  onContinue,
  onGoToOrder,
}: {
  title: string;
  message: string;
  displayId: number;
  onContinue: () => void;
  onGoToOrder: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onContinue}
      className="confirm-dialog-narrow"
      cancel={{ label: 'Continue' }}
      confirm={{ label: 'Go to Your Order', onClick: onGoToOrder, autoFocus: true }}
    >
      <p>{message}</p>
      <dl className="confirm-order-id">
        <dt>Order ID</dt>
        <dd>{formatOrderId(displayId)}</dd>
      </dl>
    </Dialog>
  );
}

export function ConfirmErrorDialog({
  message,
  answered,
  onClose,
  onRetry,
}: {
  message: string;
  /** The server answered (so it ordered nothing); false when the request got no answer. */
  answered: boolean;
  onClose: () => void;
  onRetry: () => void;
}) {
  return (
    <Dialog
      title="Could not confirm"
      onClose={onClose}
      className="confirm-dialog-narrow"
      cancel={{ label: 'Close' }}
      confirm={{ label: 'Try Again', onClick: onRetry, autoFocus: true }}
    >
      <p role="alert">{message}</p>
      <p>
        {answered
          ? 'Nothing was ordered.'
          : 'If the confirmation reached us before the connection dropped, the order shows under Your Orders.'}
      </p>
    </Dialog>
  );
}
