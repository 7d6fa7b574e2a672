import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageSpinner } from '../../../components/ui/spinner';
import { DETAIL_SOURCES, type DetailSource, NEW_SEARCH_TAB, oneOf, paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useStonesByLot } from '../api/stones';
import { backLinkFor } from '../detail-sources';
import { parseStoneIds, type StoneIdParam } from '../stone-ids';
import { type DetailBuyingSlot, StoneActions } from './stone-actions';
import { StoneDetail } from './stone-detail';
import '../stone-detail.css';

function matches(stone: Stone, id: StoneIdParam): boolean {
  const lot = stone.lot_id.toUpperCase();
  return lot === id.raw.toUpperCase() || lot === id.lotId.toUpperCase();
}

function BackLink({ source }: { source: string | null }) {
  const back = backLinkFor(source);
  if (!back) return null;
  return (
    <Link className="back-link" to={back.to}>
      ← Back to {back.label}
    </Link>
  );
}

function StoneNotFound({ ids, source }: { ids: StoneIdParam[]; source: string | null }) {
  const names = ids.map((id) => id.lotId).join(', ');
  return (
    <div className="page not-found">
      <title>Stone not found · Loupe</title>
      <BackLink source={source} />
      <h1 className="page-title">Stone not found</h1>
      <p className="page-subtitle">
        {ids.length === 0
          ? 'This link names no stone.'
          : `We couldn't find ${ids.length === 1 ? 'stone' : 'stones'} ${names}. It may have been sold, or the link may be mistyped.`}
      </p>
      <p>
        <Link className="btn btn-primary" to={paths.search.href({ 'active-tab': NEW_SEARCH_TAB })}>
          Search the stock
        </Link>
      </p>
    </div>
  );
}

/** /v2/detail-page?path=<source>&stoneid=<lot_id>-<location>[,…]: one stone, or a pair side by side. */
export function StoneDetailPage({
  customer,
  buyingActions,
  below,
}: {
  customer: Customer;
  /** Add to Cart and Confirm Stone, from the screen. */
  buyingActions: DetailBuyingSlot;
  /** What the screen shows under the stones (similar stones). */
  below?: (stones: readonly Stone[], source: DetailSource) => ReactNode;
}) {
  const [params] = useSearchParams();
  const source = params.get('path');
  const ids = parseStoneIds(params.get('stoneid'));
  const query = useStonesByLot(ids.map((id) => id.raw));

  if (ids.length === 0) return <StoneNotFound ids={ids} source={source} />;
  if (query.isPending) return <PageSpinner label="Loading the stone" />;
  if (query.isError) {
    return (
      <div className="page">
        <BackLink source={source} />
        <div className="card empty-state" role="alert">
          <h1 className="page-title">The stone could not be loaded</h1>
          <p className="card-text">{errorText(query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const found = ids
    .map((id) => query.data.find((stone) => matches(stone, id)))
    .filter((stone): stone is Stone => stone !== undefined);
  const stones = [...new Set(found)];
  if (stones.length === 0) return <StoneNotFound ids={ids} source={source} />;
  const missing = ids.filter((id) => !stones.some((stone) => matches(stone, id)));
  // A link without a known source still works; its shares and pair link then name the search.
  const page: DetailSource = oneOf(DETAIL_SOURCES, source, 'search');

  const missingNote =
    missing.length > 0 ? (
      <p className="form-message form-message-info" role="status">
        Not found: {missing.map((id) => id.lotId).join(', ')}. It may have been sold.
      </p>
    ) : null;

  if (stones.length === 1) {
    const [stone] = stones as [Stone];
    return (
      <div className="page stone-detail-page">
        <title>{`${stone.lot_id} · Loupe`}</title>
        <div className="stone-toolbar">
          <BackLink source={source} />
          <StoneActions stones={stones} source={page} buyingActions={buyingActions} />
        </div>
        {missingNote}
        <StoneDetail stone={stone} kam={customer.kam} source={page} inPair={false} />
        {below?.(stones, page)}
      </div>
    );
  }

  return (
    <div className="page stone-detail-page is-pair">
      <title>{`${stones.map((s) => s.lot_id).join(' & ')} · Loupe`}</title>
      <div className="stone-toolbar">
        <BackLink source={source} />
        <StoneActions stones={stones} source={page} buyingActions={buyingActions} />
      </div>
      <header className="page-header">
        <h1 className="page-title">
          <Icon name="pair" />{' '}
          {stones.length === 2 ? 'Matching pair' : `${stones.length} stones side by side`}
        </h1>
        {missingNote}
      </header>
      <div className="stone-pair">
        {stones.map((stone) => (
          <StoneDetail key={stone.id} stone={stone} kam={customer.kam} source={page} inPair />
        ))}
      </div>
      {below?.(stones, page)}
    </div>
  );
}
