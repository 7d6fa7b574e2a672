import { useCurrentCustomer } from '../domain/customer/current-customer';
import { YourOrders } from '../features/orders/components/your-orders';

/** /v2/my-orders?path=pendingInvoices|activeInvoices|invoicesHistory ("Your Orders" in the side bar). */
export function MyOrdersRoute() {
  const customer = useCurrentCustomer();
  return (
    <div className="page">
      <title>Your Orders · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Your orders</h1>
        <p className="page-subtitle">
          Follow what you confirmed: pending with the sales team, in transit once invoiced, and delivered.
        </p>
      </header>
      <YourOrders customer={customer} />
    </div>
  );
}
