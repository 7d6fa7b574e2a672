import { useCurrentCustomer } from '../domain/customer/current-customer';
import { SimilarStonesSection } from '../features/matching-pairs/components/similar-stones';
import { StoneDetailPage } from '../features/stone-detail/components/stone-detail-page';
import { detailBuyingActions, StoneSelectionActions } from './compose/buying-actions';

/**
 * /v2/detail-page?path=<source>&stoneid=<lot_id>-<location>: one stone, or a pair side by side,
 * with the stones similar to it (from matching pairs) below.
 */
export function DetailPageRoute() {
  const customer = useCurrentCustomer();
  return (
    <StoneDetailPage
      customer={customer}
      buyingActions={detailBuyingActions}
      below={([stone, pairedWith], source) =>
        stone ? (
          <SimilarStonesSection
            key={stone.id}
            stone={stone}
            pairedWith={pairedWith}
            source={source}
            stoneActions={(other) => <StoneSelectionActions stones={[other]} requestPage="DNA" />}
          />
        ) : null
      }
    />
  );
}
