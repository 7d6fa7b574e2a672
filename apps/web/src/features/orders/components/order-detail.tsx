import type { Customer } from '@loupe/contract/customers';
import { formatOrderId, ORDER_REQUEST_STATUS_LABELS, type Order } from '@loupe/contract/orders';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../domain/money';
import { StoneGrid } from '../../../domain/stones/grid/stone-grid';
import type { SortState } from '../../../domain/stones/sort-stones';
import { sortStones } from '../../../domain/stones/sort-stones';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { downloadInvoice, useOrder } from '../api/orders';
import { formatOrderDateTime } from '../order-format';
import { stonesAsPaid } from '../order-stones';
import { orderTabOf } from '../order-tabs';
import { OrderHistory } from './order-history';

const ORDER_NOT_FOUND = 'This order could not be found.';
export const INVOICE_DOWNLOAD_FAILED = 'The invoice could not be downloaded. Please try again.';

function DownloadInvoiceButton({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className="invoice-download">
      <Button
        variant="secondary"
        size="sm"
        icon={<Icon name="download" size={14} />}
        busy={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          const saved = await downloadInvoice(order);
          setBusy(false);
          setFailed(!saved);
        }}
      >
        Download Invoice
      </Button>
      {failed ? (
        <p className="field-error" role="alert">
          {INVOICE_DOWNLOAD_FAILED}
        </p>
      ) : null}
    </div>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const tab = orderTabOf(order);
  const pending = tab === 'pendingInvoices';
  const facts: [string, string][] = [
    ['Date & Time', formatOrderDateTime(order.created_at)],
    ...(pending ? [['Status', ORDER_REQUEST_STATUS_LABELS[order.status]] as [string, string]] : []),
    ['Order ID', formatOrderId(order.display_id)],
    ...(order.invoice ? [['Invoice Number', order.invoice.number] as [string, string]] : []),
    ['No. of Stones', String(order.stone_count)],
    [tab === 'invoicesHistory' ? 'Paid Amount' : 'Payable Amount', formatMoney(order.total_amount)],
    ...(pending ? [['Comments', order.comment.trim() || '-'] as [string, string]] : []),
  ];
  return (
    <dl className="order-facts">
      {facts.map(([term, value]) => (
        <div key={term} className={term === 'Comments' ? 'order-fact order-fact-wide' : 'order-fact'}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderStones({ order, customer }: { order: Order; customer: Customer }) {
  const stones = useMemo(() => stonesAsPaid(order.items ?? []), [order.items]);
  const [sort, setSort] = useState<SortState | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const rows = useMemo(() => sortStones(stones, sort), [stones, sort]);
  const orderId = formatOrderId(order.display_id);
  return (
    <StoneGrid
      label={`Stones of order ${orderId}`}
      stones={rows}
      sort={sort}
      onSortChange={setSort}
      selectedIds={selectedIds}
      onSelectionChange={setSelectedIds}
      source="your-orders"
      customer={customer}
      exportScope={{ orderId: order.id, fileName: `order_${orderId}.xlsx` }}
      trackingPage="my_orders"
      empty="This order has no stones."
    />
  );
}

/**
 * One order (domain-facts §6): its header facts, Download Invoice once invoiced, the status
 * history and its stones with the prices paid. Opened by `order=<id>` on /v2/my-orders.
 */
export function OrderDetail({
  orderId,
  customer,
  onClose,
}: {
  orderId: string;
  customer: Customer;
  onClose: () => void;
}) {
  const query = useOrder(orderId);
  const order = query.data;
  const title = order ? `Order ${formatOrderId(order.display_id)}` : 'Order details';

  return (
    <section className="card order-detail" aria-labelledby="order-detail-title">
      <div className="order-detail-head">
        <Button variant="ghost" size="sm" icon={<Icon name="close" size={14} />} onClick={onClose}>
          Back to orders
        </Button>
        <h2 className="card-title order-detail-title" id="order-detail-title">
          {title}
        </h2>
        {order?.invoice ? <DownloadInvoiceButton order={order} /> : null}
      </div>
      {query.isPending ? <PageSpinner label="Loading the order" /> : null}
      {query.isError ? (
        <div className="empty-state" role="alert">
          <p className="card-text">
            {errorText(query.error, { statuses: { 400: ORDER_NOT_FOUND, 404: ORDER_NOT_FOUND } })}
          </p>
          {isApiError(query.error) && query.error.status !== 404 && query.error.status !== 400 ? (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {order ? (
        <>
          <OrderFacts order={order} />
          <OrderHistory order={order} />
          <h3 className="section-title">Stones</h3>
          <OrderStones order={order} customer={customer} />
        </>
      ) : null}
    </section>
  );
}
