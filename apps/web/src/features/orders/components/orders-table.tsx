import {
  formatOrderId,
  ORDER_REQUEST_STATUS_LABELS,
  type Order,
  type OrderTab,
} from '@loupe/contract/orders';
import { Link } from 'react-router';
import { formatOrderDateTime } from '../order-format';

const STATUS_BADGE: Record<Order['status'], string> = {
  pending: 'badge-success',
  requires_action: 'badge-warning',
  canceled: 'badge-danger',
  completed: 'badge-muted',
};

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return <span className={`badge ${STATUS_BADGE[status]}`}>{ORDER_REQUEST_STATUS_LABELS[status]}</span>;
}

/**
 * One tab's orders. Pending: Order ID, Confirmation Date, Order Request Status, Details;
 * In-Transit and Past: Order ID, Invoice Number, Invoice Date, Details (domain-facts §6).
 */
export function OrdersTable({
  tab,
  label,
  orders,
  detailHref,
}: {
  tab: OrderTab;
  label: string;
  orders: readonly Order[];
  /** Where "View details" of an order leads (the same page with `order=<id>`). */
  detailHref: (order: Order) => string;
}) {
  const pending = tab === 'pendingInvoices';
  return (
    <div className="orders-table-wrap">
      <table className="orders-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Order ID</th>
            {pending ? (
              <>
                <th scope="col">Confirmation Date</th>
                <th scope="col">Order Request Status</th>
              </>
            ) : (
              <>
                <th scope="col">Invoice Number</th>
                <th scope="col">Invoice Date</th>
              </>
            )}
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const orderId = formatOrderId(order.display_id);
            return (
              <tr key={order.id}>
                <td className="order-id">{orderId}</td>
                {pending ? (
                  <>
                    <td>{formatOrderDateTime(order.created_at)}</td>
                    <td>
                      <OrderStatusBadge status={order.status} />
                    </td>
                  </>
                ) : (
                  <>
                    <td>{order.invoice?.number ?? '-'}</td>
                    <td>{order.invoice ? formatOrderDateTime(order.invoice.invoiced_at) : '-'}</td>
                  </>
                )}
                <td>
                  <Link to={detailHref(order)} aria-label={`View details of order ${orderId}`}>
                    View details
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
