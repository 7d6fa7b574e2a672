import type { Stone } from '@loupe/contract/stones';
import type { DetailSource } from '../../config/paths';
import type { StoneActionSlots } from '../../domain/stones/grid/stone-grid';
import { BookAppointmentButton } from '../../features/appointments/components/book-appointment-button';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { ConfirmStoneButton } from '../../features/confirmation/components/confirm-stone-button';
import type { ConfirmRequestPage } from '../../features/confirmation/request-page';

/**
 * Where the cart, the confirmation and appointments meet the screens that show stones: neither feature knows
 * the other, nor the results, the detail page or the stone id search; the screens compose them
 * here.
 */

/** The result grids' footer actions for the selection: Add to Cart, Confirm Stone, Book Appointment. */
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
      <BookAppointmentButton stones={stones} />
    </div>
  );
}

/**
 * What a buyer can do with stones on a results screen (domain-facts §2.1 footer, §2.3 compare):
 * Add to Cart and Confirm Stone for the selection, and for each compared stone. Spread into the
 * screen's StoneGrid; `requestPage` names the screen on the order.
 */
export function buyingActions(requestPage: ConfirmRequestPage): StoneActionSlots {
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

/**
 * The detail page's Add to Cart and Confirm Stone, for one stone or a pair (domain-facts §3). A
 * sold stone offers neither (nor a pair with a sold stone): the page says it is sold.
 */
export function detailBuyingActions(stones: readonly Stone[], source: DetailSource) {
  if (stones.some((stone) => stone.diamond_status === 'Sold')) {
    return (
      <p className="card-muted stone-sold-note" role="status">
        {stones.length === 1 ? 'This stone is sold.' : 'One of these stones is sold.'}
      </p>
    );
  }
  return (
    <>
      <AddToCartButton stones={stones} />
      <ConfirmStoneButton
        stones={stones}
        requestPage={source === 'matching-pair' ? 'Matching-Pair-Details' : 'DNA'}
      />
      <BookAppointmentButton stones={stones} />
    </>
  );
}
