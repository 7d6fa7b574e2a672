import { useCurrentCustomer } from '../domain/customer/current-customer';
import { BookAppointmentButton } from '../features/appointments/components/book-appointment-button';
import { CartView, type ConfirmActionSlot } from '../features/cart/components/cart-view';
import { ConfirmStoneButton } from '../features/confirmation/components/confirm-stone-button';

/**
 * Confirm Stone comes from the confirmation area (the cart says when it is disabled), Book
 * Appointment from appointments (which refuses Hold and Memo stones itself).
 */
const confirmAction: ConfirmActionSlot = ({ stones, disabledReason, onConfirmed }) => (
  <>
    <ConfirmStoneButton
      stones={stones}
      requestPage="my-cart"
      disabledReason={disabledReason}
      onConfirmed={onConfirmed}
    />
    <BookAppointmentButton stones={stones} />
  </>
);

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
      <CartView customer={customer} confirmAction={confirmAction} />
    </div>
  );
}
