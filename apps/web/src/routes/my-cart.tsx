import { useCurrentCustomer } from '../domain/customer/current-customer';
import { BookAppointmentButton } from '../features/appointments/components/book-appointment-button';
import { type CartActionSlots, CartView } from '../features/cart/components/cart-view';
import { ConfirmStoneButton } from '../features/confirmation/components/confirm-stone-button';
import { ViewSimilarButton } from '../features/matching-pairs/components/similar-stones';
import { StoneSelectionActions } from './compose/buying-actions';

/**
 * Confirm Stone comes from the confirmation area (the cart says when it is disabled), Book
 * Appointment from appointments, View Similar from matching pairs' similar stones, where each
 * similar stone can go to the cart or be confirmed. The cart decides which tab offers which.
 */
const actionSlots: CartActionSlots = {
  confirm: ({ stones, disabledReason, onConfirmed }) => (
    <ConfirmStoneButton
      stones={stones}
      requestPage="my-cart"
      disabledReason={disabledReason}
      onConfirmed={onConfirmed}
    />
  ),
  bookAppointment: (stones) => <BookAppointmentButton stones={stones} />,
  viewSimilar: (stones) => (
    <ViewSimilarButton
      stones={stones}
      source="my-cart"
      stoneActions={(other) => <StoneSelectionActions stones={[other]} requestPage="my-cart" />}
    />
  ),
};

/** /v2/my-cart?path=active|memo|hold|sold: the stones the customer put aside, by tab. */
export function MyCartRoute() {
  const customer = useCurrentCustomer();
  return (
    <div className="page cart-page">
      <title>My Cart · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">My Cart</h1>
        <p className="page-subtitle">
          Stones you have put aside. Each stone is unique: confirm it to make it yours.
        </p>
      </header>
      <CartView customer={customer} actionSlots={actionSlots} />
    </div>
  );
}
