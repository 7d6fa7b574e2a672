import type { Customer } from '@loupe/contract/customers';
import { ORDER_LIMITS, ORDER_TABS, type Order, type OrderTab } from '@loupe/contract/orders';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOrders } from '../api/orders';
import { createdAtGte, type DateFilter, dateFilterParam, parseDateFilter } from '../date-filter';
import { filterByInvoiceNumber, ORDER_TAB_INFO, orderTabQuery, parseOrderTab } from '../order-tabs';
import { MemoOrders } from './memo-orders';
import { OrderDetail } from './order-detail';
import { OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';
import '../orders.css';

/** The Pending search asks the server once the buyer pauses typing. */
const SEARCH_DELAY_MS = 400;

const EMPTY_TEXT: Record<OrderTab, string> = {
  pendingInvoices: 'No pending orders.',
  activeInvoices: 'No orders in transit.',
  invoicesHistory: 'No past orders.',
};

function emptyText(tab: OrderTab, search: string, filtered: boolean): string {
  if (search.trim()) {
    return tab === 'pendingInvoices'
      ? `No pending order matches “${search.trim()}”.`
      : `No invoice number matches “${search.trim()}”.`;
  }
  return filtered ? `${EMPTY_TEXT[tab].slice(0, -1)} in this period.` : EMPTY_TEXT[tab];
}

/**
 * /v2/my-orders ("Your orders"): the Pending, In-Transit and Past tabs (`?path=`), the date filter
 * (`since=`), the search, an order's details (`order=<id>`) and the memo orders below the tabs.
 */
export function YourOrders({ customer }: { customer: Customer }) {
  const [params, setParams] = useSearchParams();
  const tab = parseOrderTab(params.get('path'));
  const orderId = params.get('order');
  const dateFilter = parseDateFilter(params.get('since'));
  const since = createdAtGte(dateFilter);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, SEARCH_DELAY_MS).trim();

  const lists = {
    pendingInvoices: useOrders(orderTabQuery('pendingInvoices', { createdAtGte: since })),
    activeInvoices: useOrders(orderTabQuery('activeInvoices', { createdAtGte: since })),
    invoicesHistory: useOrders(orderTabQuery('invoicesHistory', { createdAtGte: since })),
  };
  const searching = tab === 'pendingInvoices' && keyword !== '';
  const pendingSearch = useOrders(orderTabQuery('pendingInvoices', { createdAtGte: since, keyword }), {
    enabled: searching,
  });
  const current = searching ? pendingSearch : lists[tab];

  const rows: Order[] = useMemo(() => {
    const orders = current.data?.orders ?? [];
    return tab === 'pendingInvoices' ? orders : filterByInvoiceNumber(orders, search);
  }, [current.data, tab, search]);

  const update = (changes: Record<string, string | null>, replace: boolean) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };

  const detailHref = (order: Order) => {
    const next = new URLSearchParams(params);
    next.set('path', tab);
    next.set('order', order.id);
    return `?${next.toString()}`;
  };

  if (orderId) {
    return (
      <OrderDetail orderId={orderId} customer={customer} onClose={() => update({ order: null }, false)} />
    );
  }

  const info = ORDER_TAB_INFO[tab];
  return (
    <>
      <Tabs
        label="Your orders"
        tabs={ORDER_TABS.map((key) => ({
          key,
          label: ORDER_TAB_INFO[key].label,
          count: lists[key].data?.count,
          tooltip: ORDER_TAB_INFO[key].tooltip,
        }))}
        selected={tab}
        onSelect={(key) => {
          setSearch('');
          update({ path: key, order: null }, true);
        }}
      >
        <div className="orders-panel">
          <OrderFilters
            dateFilter={dateFilter}
            onDateFilterChange={(filter: DateFilter) => update({ since: dateFilterParam(filter) }, true)}
            search={search}
            onSearchChange={setSearch}
            searchLabel={info.search.label}
            searchPlaceholder={info.search.placeholder}
          />
          {current.isPending ? (
            <div className="orders-loading">
              <Spinner label="Loading orders" size={24} />
            </div>
          ) : current.isError ? (
            <div className="empty-state" role="alert">
              <p className="card-text">{errorText(current.error)}</p>
              <Button variant="secondary" onClick={() => void current.refetch()}>
                Try again
              </Button>
            </div>
          ) : rows.length === 0 ? (
            <p className="orders-empty">{emptyText(tab, search, dateFilter.kind !== 'all')}</p>
          ) : (
            <>
              <OrdersTable tab={tab} label={`${info.label} orders`} orders={rows} detailHref={detailHref} />
              {(current.data?.count ?? 0) > ORDER_LIMITS.perTab ? (
                <p className="card-muted">
                  Showing the {ORDER_LIMITS.perTab} newest of {current.data?.count} orders; narrow the date to
                  find older ones.
                </p>
              ) : null}
            </>
          )}
        </div>
      </Tabs>
      <MemoOrders />
    </>
  );
}
