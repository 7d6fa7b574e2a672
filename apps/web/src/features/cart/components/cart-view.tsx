import { CART_TABS, type CartCounts, type CartItem, type CartTab } from '@loupe/contract/cart';
import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { StoneGrid } from '../../../domain/stones/grid/stone-grid';
import type { SortState } from '../../../domain/stones/sort-stones';
import { sortStones } from '../../../domain/stones/sort-stones';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { useCartTab, useRemoveFromCart } from '../api/cart-api';
import {
  CART_TAB_LABELS,
  cartTabActions,
  cartTabLabel,
  deletedMessage,
  parseCartTab,
  reservationCell,
} from '../cart-rules';
import '../cart.css';

const NO_ITEMS: readonly CartItem[] = [];

/**
 * The actions of other areas that the cart's tabs offer, handed in by the screen
 * (routes/my-cart.tsx): Confirm Stone (confirmation; the cart says when it is disabled for the
 * tab's selection), Book Appointment (appointments) and View Similar (matching pairs' similar
 * stones). Which tab offers which is the cart's rule (`cartTabActions`).
 */
export interface CartActionSlots {
  confirm: (request: {
    stones: readonly Stone[];
    disabledReason: string | null;
    onConfirmed: () => void;
  }) => ReactNode;
  bookAppointment: (stones: readonly Stone[]) => ReactNode;
  viewSimilar: (stones: readonly Stone[]) => ReactNode;
}

const EMPTY_TEXT: Record<CartTab, string> = {
  active:
    'Your cart has no available stones. Add stones from the search results, new arrivals or a stone’s page.',
  memo: 'No stone in your cart is on memo.',
  hold: 'No stone in your cart is on hold.',
  sold: 'No stone in your cart has been sold to someone else.',
};

function EmptyCartTab({ tab }: { tab: CartTab }) {
  return (
    <div className="cart-empty">
      <Icon name="cart" size={28} />
      <p>{EMPTY_TEXT[tab]}</p>
      <Link className="btn btn-primary" to={paths.search.href()}>
        Search Diamonds
      </Link>
    </div>
  );
}

/** Delete for every tab; the others where the tab offers them (domain-facts §5, `cartTabActions`). */
function CartSelectionActions({
  tab,
  selected,
  onDone,
  actionSlots,
}: {
  tab: CartTab;
  selected: readonly CartItem[];
  onDone: () => void;
  actionSlots: CartActionSlots;
}) {
  const remove = useRemoveFromCart();
  const actions = cartTabActions(tab, selected);
  const stones = useMemo(() => selected.map((item) => item.product), [selected]);

  const deleteSelected = () =>
    remove.mutate(selected, {
      onSuccess: (answer) => {
        toast.success(deletedMessage(answer.deleted), { duration: TOAST_DURATION_MS });
        onDone();
      },
      onError: (error) => toast.error(errorText(error), { duration: TOAST_DURATION_MS }),
    });

  return (
    <div className="selection-actions">
      <Button
        variant="secondary"
        size="sm"
        icon={<Icon name="trash" size={16} />}
        busy={remove.isPending}
        disabled={!actions.canDelete}
        title={actions.canDelete ? undefined : 'Select the stones to delete'}
        onClick={deleteSelected}
      >
        Delete
      </Button>
      {actions.showConfirm
        ? actionSlots.confirm({ stones, disabledReason: actions.confirmHint, onConfirmed: onDone })
        : null}
      {actions.showAppointment ? actionSlots.bookAppointment(stones) : null}
      {actions.showSimilar ? actionSlots.viewSimilar(stones) : null}
    </div>
  );
}

/** One tab of the cart: its stones in the shared grid, with the tab's own footer actions. */
function CartTabPanel({
  tab,
  items,
  loading,
  customer,
  actionSlots,
}: {
  tab: CartTab;
  items: readonly CartItem[];
  loading: boolean;
  customer: Customer;
  actionSlots: CartActionSlots;
}) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const byStone = useMemo(() => new Map(items.map((item) => [item.product.id, item])), [items]);
  const stones = useMemo(
    () =>
      sortStones(
        items.map((item) => item.product),
        sort,
      ),
    [items, sort],
  );
  // Stones that left the tab (deleted, confirmed, moved on) drop out of the selection.
  const selected = useMemo(
    () => selectedIds.map((id) => byStone.get(id)).filter((item): item is CartItem => item !== undefined),
    [selectedIds, byStone],
  );
  const extraColumns = useMemo(
    () =>
      tab === 'hold' || tab === 'memo'
        ? [
            {
              accessor: 'reservation',
              header: 'Reserved',
              title: tab === 'hold' ? 'On hold for, until' : 'On memo for, until',
              width: 270,
              render: (stone: Stone) => {
                const cell = reservationCell(byStone.get(stone.id)?.reservation ?? null, formatDateTime);
                return <span title={cell.title ?? undefined}>{cell.text}</span>;
              },
            },
          ]
        : undefined,
    [tab, byStone],
  );
  const actions = cartTabActions(tab, selected);
  const count = items.length;

  return (
    <StoneGrid
      label={`${CART_TAB_LABELS[tab]} stones`}
      stones={stones}
      loading={loading}
      sort={sort}
      onSortChange={setSort}
      selectedIds={selected.map((item) => item.product.id)}
      onSelectionChange={setSelectedIds}
      source="my-cart"
      customer={customer}
      exportScope={{ fileName: 'my_cart.xlsx' }}
      trackingPage="my_cart"
      empty={<EmptyCartTab tab={tab} />}
      // An empty tab shows its empty state only: nothing to total, select or act on.
      showTotals={actions.showTotals && count > 0}
      extraColumns={extraColumns}
      selectionActions={() =>
        count > 0 ? (
          <CartSelectionActions
            tab={tab}
            selected={selected}
            onDone={() => setSelectedIds([])}
            actionSlots={actionSlots}
          />
        ) : null
      }
      toolbarStart={
        <span className="cart-summary" role="status">
          {loading && count === 0 ? 'Loading…' : `${count} ${count === 1 ? 'stone' : 'stones'}`}
        </span>
      }
    />
  );
}

/**
 * /v2/my-cart?path=active|memo|hold|sold: the cart's tabs with their counts. The tab a stone sits in
 * follows its status now; `?path=` keeps the tab across reloads and is where notices lead.
 */
export function CartView({ customer, actionSlots }: { customer: Customer; actionSlots: CartActionSlots }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('path');
  const tab = parseCartTab(requested);
  const query = useCartTab(tab);
  // The counts stay on the tab labels while another tab loads.
  const lastCounts = useRef<CartCounts | null>(null);
  if (query.data) lastCounts.current = query.data.counts;
  const counts = query.data?.counts ?? lastCounts.current;

  useEffect(() => {
    if (requested !== tab) setParams({ path: tab }, { replace: true });
  }, [requested, tab, setParams]);

  const tabs = CART_TABS.map((key) => ({ key, label: cartTabLabel(key, counts) }));

  return (
    <Tabs label="Cart" tabs={tabs} selected={tab} onSelect={(key) => setParams({ path: key })}>
      {query.isError && !query.data ? (
        <div className="card">
          <FormMessage tone="error">{errorText(query.error)}</FormMessage>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <CartTabPanel
          key={tab}
          tab={tab}
          items={query.data?.items ?? NO_ITEMS}
          loading={query.isFetching}
          customer={customer}
          actionSlots={actionSlots}
        />
      )}
    </Tabs>
  );
}
