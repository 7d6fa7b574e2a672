import type { Customer } from '@loupe/contract/customers';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { readItem, writeItem } from '../../../lib/storage';
import { useKycCallback, useNotifySales } from '../api/kyc';
import { NUDGE_KEY, type Nudge, nudgeFor, nudgeText, showsMiniNudge } from '../nudge-rules';
import '../kyc.css';

const PERKS = [
  'Live prices',
  'Confirm stones',
  'New arrivals',
  'Bidding',
  'Appointments with your KAM',
  'Unlimited searches',
];

function CallbackButton({ size }: { size: 'sm' | 'md' }) {
  const callback = useKycCallback();
  return (
    <Button
      variant="secondary"
      size={size}
      busy={callback.isPending}
      disabled={callback.isSuccess}
      onClick={() =>
        callback.mutate(undefined, {
          onSuccess: () => toast.success('Your KAM will call you about your KYC.'),
          onError: (e) => toast.error(errorText(e)),
        })
      }
    >
      {callback.isSuccess ? 'Callback requested' : 'Request a callback'}
    </Button>
  );
}

function NotifySalesButton({ customer }: { customer: Customer }) {
  const notify = useNotifySales();
  const notified = customer.notifySales !== 'Available' || notify.isSuccess;
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={notify.isPending}
      disabled={notified}
      onClick={() =>
        notify.mutate(undefined, {
          onSuccess: () => toast.success('Your KAM has been told.'),
          onError: (e) => toast.error(errorText(e)),
        })
      }
    >
      {notified ? 'Notified Sales' : 'Notify Sales'}
    </Button>
  );
}

/**
 * The KYC nudge (spec §4): the FULL sheet (full-screen, spec §2) for a new customer, then, once
 * it is closed or "Complete KYC Now" is clicked, the MINI banner on the buying screens; existing users go straight
 * to MINI. The choice is kept in the browser (`show-nudge`). While the banner shows, toasts sit
 * lower (`data-kyc-mini-nudge` on <html>).
 */
export function KycNudge({ customer }: { customer: Customer }) {
  const [stored, setStored] = useState(() => readItem('local', NUDGE_KEY));
  const nudge = nudgeFor(customer, stored);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mini = nudge === 'MINI' && showsMiniNudge(pathname);

  useEffect(() => {
    if (nudge && stored !== nudge) {
      writeItem('local', NUDGE_KEY, nudge);
      setStored(nudge);
    }
  }, [nudge, stored]);

  useEffect(() => {
    if (!mini) return;
    document.documentElement.setAttribute('data-kyc-mini-nudge', '');
    return () => document.documentElement.removeAttribute('data-kyc-mini-nudge');
  }, [mini]);

  const toMini = () => {
    writeItem('local', NUDGE_KEY, 'MINI' satisfies Nudge);
    setStored('MINI');
  };

  // The tour's welcome dialog (a customer who has not started it) comes first.
  if (nudge === 'FULL' && pathname !== paths.kyc.pattern && customer.main_tour_status !== 'not_started') {
    return (
      <Dialog
        title="Complete your KYC"
        className="dialog-fullscreen"
        onClose={toMini}
        actions={
          <>
            <CallbackButton size="md" />
            <Button variant="secondary" onClick={toMini}>
              Later
            </Button>
          </>
        }
        confirm={{
          label: 'Complete KYC Now',
          onClick: () => {
            toMini();
            void navigate(paths.kyc.href());
          },
        }}
      >
        <p>Verify your company once, in one sitting, and unlock everything Loupe offers:</p>
        <ul className="kyc-perks">
          {PERKS.map((p) => (
            <li key={p}>
              <Icon name="check" size={16} />
              {p}
            </li>
          ))}
        </ul>
        <p className="form-note">Our team reviews your KYC within 3 days.</p>
      </Dialog>
    );
  }
  if (!mini) return null;
  const { status } = customer.kyc;
  return (
    <section className="kyc-mini" aria-label="KYC reminder">
      <p>{nudgeText(customer)}</p>
      <div className="kyc-mini-actions">
        {status === 'inprogress' || status === 'rejected' || status === 'not_started' ? (
          <NotifySalesButton customer={customer} />
        ) : (
          <CallbackButton size="sm" />
        )}
        {status !== 'pending' ? (
          <Link className="btn btn-primary btn-sm" to={paths.kyc.href()}>
            Complete KYC Now
          </Link>
        ) : null}
      </div>
    </section>
  );
}
