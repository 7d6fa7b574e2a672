import { formatOrderId } from '@loupe/contract/orders';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardHead } from '../../../components/ui/card-head';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { ordersQuery, useOrders } from '../api/orders';
import { formatOrderDateTime } from '../order-format';
import { ORDER_TAB_INFO } from '../order-tabs';
import { ordersWidgetQueries, ordersWidgetQuery, type WidgetTab } from '../orders-widget-queries';
import { OrderStatusBadge } from './orders-table';
import '../orders.css';

const WIDGET_TABS: { key: WidgetTab; label: string }[] = [
  { key: 'pendingInvoices', label: 'Pending' },
  { key: 'activeInvoices', label: 'In-transit' },
];

/**
 * Asks for what the card shows before it is on the screen (a fresh load of the dashboard); settles
 * once both lists are in the cache (answered or failed).
 */
export function prefetchOrdersWidget(client: QueryClient): Promise<unknown> {
  return Promise.all(ordersWidgetQueries().map((query) => client.prefetchQuery(ordersQuery(query))));
}

/** The dashboard's Orders card: Pending / In-transit with counts, the top 3 rows, View All. */
export function OrdersWidget() {
  const [tab, setTab] = useState<WidgetTab>('pendingInvoices');
  const lists: Record<WidgetTab, ReturnType<typeof useOrders>> = {
    pendingInvoices: useOrders(ordersWidgetQuery('pendingInvoices')),
    activeInvoices: useOrders(ordersWidgetQuery('activeInvoices')),
  };
  const current = lists[tab];
  const orders = current.data?.orders ?? [];

  return (
    <section className="card orders-widget" aria-labelledby="orders-widget-title">
      <CardHead icon="orders" title="Orders" id="orders-widget-title">
        <Link className="card-link" to={paths.myOrders.href({ path: tab })}>
          View All
        </Link>
      </CardHead>
      <Tabs
        label="Orders"
        tabs={WIDGET_TABS.map(({ key, label }) => ({
          key,
          label,
          count: lists[key].data?.count,
          tooltip: ORDER_TAB_INFO[key].tooltip,
        }))}
        selected={tab}
        onSelect={setTab}
      >
        {current.isPending ? <Spinner label="Loading orders" /> : null}
        {current.isError ? <p className="card-muted">Your orders could not be loaded.</p> : null}
        {current.isSuccess && orders.length === 0 ? (
          <p className="card-muted">
            {tab === 'pendingInvoices' ? 'No pending orders.' : 'No orders in transit.'}
          </p>
        ) : null}
        {orders.length > 0 ? (
          <ul className="orders-widget-list">
            {orders.map((order) => {
              const orderId = formatOrderId(order.display_id);
              return (
                <li key={order.id}>
                  <Link
                    className="orders-widget-row"
                    to={paths.myOrders.href({ path: tab, order: order.id })}
                  >
                    <span className="order-id">Order {orderId}</span>
                    <span className="card-muted">
                      {tab === 'pendingInvoices'
                        ? formatOrderDateTime(order.created_at)
                        : `${order.invoice?.number ?? ''} · ${order.invoice ? formatOrderDateTime(order.invoice.invoiced_at) : ''}`}
                    </span>
                    {tab === 'pendingInvoices' ? (
                      <OrderStatusBadge status={order.status} />
                    ) : (
                      <span className="card-muted">
                        {order.stone_count} {order.stone_count === 1 ? 'stone' : 'stones'}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : null}
      </Tabs>
    </section>
  );
}
