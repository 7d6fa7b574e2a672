import { useCurrentCustomer } from '../app/shell/current-customer';
import { StoneDetailPage } from '../features/stone-detail/components/stone-detail-page';

/** /v2/detail-page?path=<source>&stoneid=<lot_id>-<location>: one stone, or a pair side by side. */
export function DetailPageRoute() {
  const customer = useCurrentCustomer();
  return <StoneDetailPage customer={customer} />;
}
