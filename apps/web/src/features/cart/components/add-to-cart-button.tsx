import type { Stone } from '@loupe/contract/stones';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';
import { NO_SELECTION_HINT } from '../../../domain/stones/grid/stone-grid';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
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

/** Add to Cart for the stones given (a grid's selection, or the stone of a detail page). */
export function AddToCartButton({
  stones,
  size = 'sm',
  label = 'Add to Cart',
}: {
  stones: readonly Stone[];
  size?: 'sm' | 'md';
  /** The button's words, e.g. "Add Layout to Cart". */
  label?: string;
}) {
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
        data-tour="add-to-cart"
        disabled={stones.length === 0}
        title={stones.length === 0 ? NO_SELECTION_HINT : undefined}
        onClick={addSelected}
      >
        {label}
      </Button>
      {outcome ? <AddedToCartDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </>
  );
}
