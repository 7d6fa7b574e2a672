import { CONFIRM_LIMITS } from '@loupe/contract/confirmation';
import type { Stone } from '@loupe/contract/stock';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { StoneGridProps } from '../../../components/stone-grid/stone-grid';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { type ConfirmRequestPage, ConfirmStonesDialog } from '../../confirmation/confirm-stones-dialog';
import { useAddToCart } from '../api/cart-api';
import { type AddToCartOutcome, addToCartProblem, addToCartSummary } from '../cart-rules';

/** Add-to-cart success (domain-facts §5): Continue where you are, or Go to My Cart. */
export function AddedToCartDialog({ outcome, onClose }: { outcome: AddToCartOutcome; onClose: () => void }) {
  const navigate = useNavigate();
  const { title, lines } = addToCartSummary(outcome);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Continue
          </Button>
          <Button
            autoFocus
            onClick={() => {
              onClose();
              navigate(paths.myCart.href({ path: 'active' }));
            }}
          >
            Go to My Cart
          </Button>
        </>
      }
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </Dialog>
  );
}

const NO_SELECTION = 'Select the stones first';

/** Add to Cart for the stones given (a grid's selection, or the stone of a detail page). */
export function AddToCartButton({ stones, size = 'sm' }: { stones: readonly Stone[]; size?: 'sm' | 'md' }) {
  const add = useAddToCart();
  const [outcome, setOutcome] = useState<AddToCartOutcome | null>(null);

  const addSelected = () => {
    const problem = addToCartProblem(stones.length);
    if (problem) {
      toast.error(problem, { duration: TOAST_DURATION_MS });
      return;
    }
    add.mutate(
      stones.map((stone) => stone.id),
      {
        onSuccess: setOutcome,
        onError: (error) => toast.error(errorText(error), { duration: TOAST_DURATION_MS }),
      },
    );
  };

  return (
    <>
      <Button
        variant="secondary"
        size={size}
        icon={<Icon name="cart" size={16} />}
        busy={add.isPending}
        disabled={stones.length === 0}
        title={stones.length === 0 ? NO_SELECTION : undefined}
        onClick={addSelected}
      >
        Add to Cart
      </Button>
      {outcome ? <AddedToCartDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </>
  );
}

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
  const reason = stones.length === 0 ? NO_SELECTION : disabledReason;

  const open = () => {
    if (stones.length > CONFIRM_LIMITS.maxStones) {
      toast.error(
        `You can confirm at most ${CONFIRM_LIMITS.maxStones} stones at a time; ${stones.length.toLocaleString('en-US')} are selected. Modify your selection.`,
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

/** The result grids' footer actions for the selection: Add to Cart and Confirm Stone. */
export function StoneSelectionActions({
  stones,
  requestPage,
  onConfirmed,
}: {
  stones: readonly Stone[];
  requestPage: ConfirmRequestPage;
  onConfirmed?: () => void;
}) {
  return (
    <div className="selection-actions">
      <AddToCartButton stones={stones} />
      <ConfirmStoneButton stones={stones} requestPage={requestPage} onConfirmed={onConfirmed} />
    </div>
  );
}

/**
 * What a buyer can do with stones on a results screen (domain-facts §2.1 footer, §2.3 compare):
 * Add to Cart and Confirm Stone for the selection, and for each compared stone. Spread into the
 * screen's StoneGrid; `requestPage` names the screen on the order.
 */
export function buyingActions(
  requestPage: ConfirmRequestPage,
): Pick<StoneGridProps, 'selectionActions' | 'compareActions'> {
  return {
    selectionActions: (selection) => (
      <StoneSelectionActions
        stones={selection.stones}
        requestPage={requestPage}
        onConfirmed={selection.clear}
      />
    ),
    compareActions: (stone) => <StoneSelectionActions stones={[stone]} requestPage="compare" />,
  };
}
