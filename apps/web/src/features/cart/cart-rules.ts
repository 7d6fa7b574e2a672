import {
  CART_LIMITS,
  CART_TABS,
  type CartCounts,
  type CartItem,
  type CartTab,
  type Reservation,
} from '@loupe/contract/cart';
import { formatCount } from '../../lib/format';

/** The tabs of /v2/my-cart in their order, as their labels read. */
export const CART_TAB_LABELS: Record<CartTab, string> = {
  active: 'Active',
  memo: 'Memo',
  hold: 'Hold',
  sold: 'Sold',
};

/** `?path=` of /v2/my-cart (also what a notice's `my-cart:hold` leads to); anything else is Active. */
export function parseCartTab(path: string | null): CartTab {
  const value = path?.trim().toLowerCase() ?? '';
  return (CART_TABS as readonly string[]).includes(value) ? (value as CartTab) : 'active';
}

/** "Hold (2)"; the bare name until the counts are known. */
export function cartTabLabel(tab: CartTab, counts: CartCounts | null | undefined): string {
  return counts ? `${CART_TAB_LABELS[tab]} (${counts[tab]})` : CART_TAB_LABELS[tab];
}

/** What the footer of a cart tab offers for the selected items (domain-facts §5). */
export interface CartTabActions {
  canDelete: boolean;
  /** Sold stones cannot be confirmed: the tab has no Confirm Stone at all. */
  showConfirm: boolean;
  canConfirm: boolean;
  /** Why Confirm Stone is disabled, as its tooltip; null when it is enabled. */
  confirmHint: string | null;
  /**
   * Book Appointment: the Active tab's only. Appointments refuse stones on hold or memo
   * (STONE_NOT_BOOKABLE), and a sold stone is no one's to see.
   */
  showAppointment: boolean;
  /** View Similar: the stones nearest to a stone the buyer cannot have as it is (Memo, Hold, Sold). */
  showSimilar: boolean;
  /** The Sold tab has no totals bar. */
  showTotals: boolean;
}

/**
 * Active: Delete, Confirm Stone and Book Appointment. Hold and Memo: Delete, Confirm Stone only
 * when every selected stone is reserved for this customer (decision 011: a hold or memo is its
 * customer's to buy), and View Similar. Sold: Delete and View Similar, and no totals bar.
 */
export function cartTabActions(
  tab: CartTab,
  selected: readonly Pick<CartItem, 'can_confirm'>[],
): CartTabActions {
  const some = selected.length > 0;
  if (tab === 'sold') {
    return {
      canDelete: some,
      showConfirm: false,
      canConfirm: false,
      confirmHint: null,
      showAppointment: false,
      showSimilar: true,
      showTotals: false,
    };
  }
  const allConfirmable = some && selected.every((item) => item.can_confirm);
  let confirmHint: string | null = null;
  if (!some) confirmHint = 'Select the stones to confirm';
  else if (selected.length > CART_LIMITS.maxStones)
    confirmHint = `Select at most ${CART_LIMITS.maxStones} stones`;
  else if (!allConfirmable) {
    confirmHint =
      tab === 'active'
        ? 'Some selected stones can no longer be confirmed'
        : `Only stones on ${tab} for you can be confirmed; modify your selection`;
  }
  return {
    canDelete: some,
    showConfirm: true,
    canConfirm: confirmHint === null,
    confirmHint,
    showAppointment: tab === 'active',
    showSimilar: tab !== 'active',
    showTotals: true,
  };
}

/** The message after a delete (domain-facts §5): "2 stone(s) deleted". */
export function deletedMessage(deleted: number): string {
  return `${deleted} stone(s) deleted`;
}

/** Null when the selection may go to the cart; otherwise what to tell the buyer. */
export function addToCartProblem(selected: number): string | null {
  if (selected === 0) return 'Select the stones to add to your cart.';
  if (selected > CART_LIMITS.maxStones) {
    return `You can add at most ${CART_LIMITS.maxStones} stones to your cart at a time; ${formatCount(selected)} are selected. Modify your selection.`;
  }
  return null;
}

function stones(n: number): string {
  return `${n} ${n === 1 ? 'stone' : 'stones'}`;
}

export interface AddToCartOutcome {
  added: readonly string[];
  already_in_cart: readonly string[];
  unavailable: readonly string[];
  count: number;
}

/** The success dialog's title and lines for an Add to Cart answer. */
export function addToCartSummary(outcome: AddToCartOutcome): { title: string; lines: string[] } {
  const lines: string[] = [];
  const added = outcome.added.length;
  const already = outcome.already_in_cart.length;
  const sold = outcome.unavailable.length;
  if (added > 0) lines.push(`${stones(added)} added to your cart.`);
  if (already > 0) lines.push(`${stones(already)} ${already === 1 ? 'was' : 'were'} already in your cart.`);
  if (sold > 0)
    lines.push(
      `${stones(sold)} ${sold === 1 ? 'is' : 'are'} sold and ${sold === 1 ? 'was' : 'were'} not added.`,
    );
  lines.push(`Your cart holds ${stones(outcome.count)}.`);
  const title =
    added > 0 ? 'Added to cart' : already > 0 ? 'Already in your cart' : 'Nothing was added to your cart';
  return { title, lines };
}

/**
 * The cart's "Reserved" cell of a hold or memo stone: for whom, and until when. The cell shows the
 * short form, which fits its column ("Another buyer · 30 Nov 2026, 18:58"); its title the sentence
 * ("On hold for another buyer until 30 Nov 2026, 18:58").
 */
export function reservationCell(
  reservation: Reservation | null,
  formatDateTime: (iso: string) => string,
): { text: string; title: string | null } {
  if (!reservation) return { text: '-', title: null };
  const until = reservation.until ? formatDateTime(reservation.until) : null;
  const who = reservation.for_you ? 'You' : 'Another buyer';
  const whom = reservation.for_you ? 'you' : 'another buyer';
  const kind = reservation.kind === 'hold' ? 'On hold for' : 'On memo with';
  return {
    text: until ? `${who} · ${until}` : who,
    title: until ? `${kind} ${whom} until ${until}` : `${kind} ${whom}`,
  };
}
