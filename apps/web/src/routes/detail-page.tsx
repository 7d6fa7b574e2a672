import { useCurrentCustomer } from '../domain/customer/current-customer';
import { StoneDetailPage } from '../features/stone-detail/components/stone-detail-page';
import { detailBuyingActions } from './compose/buying-actions';

/** /v2/detail-page?path=<source>&stoneid=<lot_id>-<location>: one stone, or a pair side by side. */
export function DetailPageRoute() {
  const customer = useCurrentCustomer();
  return <StoneDetailPage customer={customer} buyingActions={detailBuyingActions} />;
}
