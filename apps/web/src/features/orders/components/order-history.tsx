import type { Order } from '@loupe/contract/orders';
import { formatOrderDateTime } from '../order-format';

type OrderEvent = NonNullable<Order['history']>[number];

const EVENT_LABELS: Record<OrderEvent['event'], string> = {
  confirmed: 'Order confirmed',
  invoiced: 'Invoice generated',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
};

function eventNote(event: OrderEvent, order: Pick<Order, 'tracking_number' | 'invoice'>): string | null {
  if (event.event === 'shipped') {
    const tracking = event.note ?? order.tracking_number;
    return tracking ? `Tracking number: ${tracking}` : null;
  }
  if (event.event === 'invoiced' && !event.note && order.invoice) return `Invoice ${order.invoice.number}`;
  return event.note;
}

/** Every change of the order, oldest first: confirmed, invoiced, shipped, delivered or canceled. */
export function OrderHistory({ order }: { order: Order }) {
  const history = order.history ?? [];
  if (history.length === 0) return null;
  return (
    <section className="order-history" aria-labelledby={`history-${order.id}`}>
      <h3 className="section-title" id={`history-${order.id}`}>
        Status history
      </h3>
      <ol className="order-timeline">
        {history.map((event) => {
          const note = eventNote(event, order);
          return (
            <li key={`${event.event}-${event.at}`} className={`order-event order-event-${event.event}`}>
              <span className="order-event-label">{EVENT_LABELS[event.event]}</span>
              <time className="card-muted" dateTime={event.at}>
                {formatOrderDateTime(event.at)}
              </time>
              {note ? <span className="order-event-note">{note}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
