import { CALLBACK_REQUESTED, CALLBACK_SCHEDULED } from '@loupe/contract/appointments';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { log } from '../../../lib/log';
import { useCallbackSlots, useRequestCallback } from '../api/appointments';
import { canSchedule, firstOpenDate, NO_CHOICE, type SlotChoice } from '../slot-rules';
import { SlotPicker } from './slot-picker';
import '../appointments.css';

export const CALLBACK_TITLE = 'Request a Callback';

type Outcome = { kind: 'done'; title: string; message: string } | { kind: 'error'; message: string };

/**
 * The callback dialog (spec §2, §5, §8): a strip of dates, the slots grouped by label, Schedule
 * Now (disabled until a slot is chosen) and a call now. A failed schedule shows the server's
 * message as an error dialog's header with Okay; a failed call now only clears the busy indicator.
 */
export function CallbackDialog({ onClose }: { onClose: () => void }) {
  const slots = useCallbackSlots();
  const schedule = useRequestCallback();
  const now = useRequestCallback();
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const current = choice ?? (slots.data ? { date: firstOpenDate(slots.data), slot: null } : NO_CHOICE);

  if (outcome?.kind === 'done') {
    return (
      <Dialog title={outcome.title} onClose={onClose} actions={<Button onClick={onClose}>Okay</Button>}>
        <p>{outcome.message}</p>
      </Dialog>
    );
  }
  if (outcome?.kind === 'error') {
    const back = () => {
      setOutcome(null);
      setChoice({ date: current.date, slot: null });
      void slots.refetch();
    };
    return <Dialog title={outcome.message} onClose={back} actions={<Button onClick={back}>Okay</Button>} />;
  }

  const scheduleNow = () => {
    if (!canSchedule(current)) return;
    schedule.mutate(current.slot, {
      onSuccess: () => setOutcome({ kind: 'done', ...CALLBACK_SCHEDULED }),
      onError: (error) => setOutcome({ kind: 'error', message: errorText(error) }),
    });
  };
  const callNow = () =>
    now.mutate(null, {
      onSuccess: () => setOutcome({ kind: 'done', ...CALLBACK_REQUESTED }),
      // Spec §8: an instant callback failure just clears the busy indicator.
      onError: (error) => log.warn('Instant callback request failed', error),
    });

  return (
    <Dialog
      title={CALLBACK_TITLE}
      className="callback-dialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" busy={now.isPending} onClick={callNow}>
            Call Me Now
          </Button>
          <Button busy={schedule.isPending} disabled={!canSchedule(current)} onClick={scheduleNow}>
            Schedule Now
          </Button>
        </>
      }
    >
      <p className="card-muted">Choose when your key account manager should call you.</p>
      {slots.isPending ? <Spinner label="Loading the time slots" /> : null}
      {slots.isError ? (
        <p className="field-error" role="alert">
          {errorText(slots.error)}
        </p>
      ) : null}
      {slots.data ? <SlotPicker timeSlots={slots.data} choice={current} onChange={setChoice} /> : null}
    </Dialog>
  );
}

/** The button that opens the callback dialog (the KAM popup, the dashboard's KAM card). */
export function RequestCallbackButton({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="secondary" onClick={() => setOpen(true)}>
        {CALLBACK_TITLE}
      </Button>
      {open ? <CallbackDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
