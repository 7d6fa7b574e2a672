import { useSearchParams } from 'react-router';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { AddToCartButton } from '../features/cart/components/add-to-cart-button';
import { LayoutDetail } from '../features/layouts/components/layout-detail';
import { buyingActions } from './compose/buying-actions';

/**
 * /v2/layout/view-detail?layout_id=: one layout; its Available stones go to the cart together
 * (Add Layout to Cart), or any of them through the grid's selection.
 */
export function LayoutViewDetailRoute() {
  const customer = useCurrentCustomer();
  const [params] = useSearchParams();
  return (
    <div className="page layout-page">
      <LayoutDetail
        layoutId={params.get('layout_id') ?? ''}
        customer={customer}
        stoneActions={buyingActions('Searching')}
        wholeLayout={(_layout, stones) => (
          <AddToCartButton
            size="md"
            label="Add Layout to Cart"
            stones={stones.filter((stone) => stone.diamond_status === 'Available')}
          />
        )}
      />
    </div>
  );
}
