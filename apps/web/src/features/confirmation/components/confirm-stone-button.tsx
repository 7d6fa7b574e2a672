import { CONFIRM_LIMITS } from '@loupe/contract/confirmation';
import type { Stone } from '@loupe/contract/stones';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { NO_SELECTION_HINT } from '../../../domain/stones/grid/stone-grid';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { formatCount } from '../../../lib/format';
import type { ConfirmRequestPage } from '../request-page';
import { ConfirmStonesDialog } from './confirm-stones-dialog';

export interface ConfirmStoneButtonProps {
  stones: readonly Stone[];
  requestPage: ConfirmRequestPage;
  size?: 'sm' | 'md';
  /** Set when the screen knows the selection cannot be confirmed (e.g. held for someone else). */
  disabledReason?: string | null;
  onConfirmed?: (order: { id: string; display_id: number }) => void;
}

/** Confirm Stone: opens the confirm flow for the stones given. */
export function ConfirmStoneButton({
  stones,
  requestPage,
  size = 'sm',
  disabledReason = null,
  onConfirmed,
}: ConfirmStoneButtonProps) {
  const [confirming, setConfirming] = useState<Stone[] | null>(null);
  const reason = stones.length === 0 ? NO_SELECTION_HINT : disabledReason;

  const open = () => {
    if (stones.length > CONFIRM_LIMITS.maxStones) {
      toast.error(
        `You can confirm at most ${CONFIRM_LIMITS.maxStones} stones at a time; ${formatCount(stones.length)} are selected. Modify your selection.`,
        { duration: TOAST_DURATION_MS },
      );
      return;
    }
    setConfirming([...stones]);
  };

  return (
    <>
      <Button
        size={size}
        icon={<Icon name="check" size={16} />}
        data-tour="confirm-stone"
        disabled={reason !== null}
        title={reason ?? undefined}
        onClick={open}
      >
        Confirm Stone
      </Button>
      {confirming ? (
        <ConfirmStonesDialog
          stones={confirming}
          requestPage={requestPage}
          onClose={() => setConfirming(null)}
          // The dialog refreshes results, details, the cart and the counts itself.
          onConfirmed={onConfirmed}
        />
      ) : null}
    </>
  );
}
