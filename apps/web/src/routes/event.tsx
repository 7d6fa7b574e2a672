import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { useTradeShow } from '../features/trade-shows/api/trade-shows-api';
import { EventStones } from '../features/trade-shows/components/event-stones';
import { lotsOf } from '../features/trade-shows/components/meeting-request-form';
import { errorText } from '../lib/error-text';
import { formatDate } from '../lib/format';
import { buyingActions } from './compose/buying-actions';
import '../features/trade-shows/trade-shows.css';

/**
 * /v2/event (and `?stoneid=LD-1,LD-2` from an event link): the stones on show at the trade show
 * I may visit, to buy, or download as the trade-show spreadsheet.
 */
export function EventRoute() {
  const customer = useCurrentCustomer();
  const [params] = useSearchParams();
  const show = useTradeShow();
  const lots = lotsOf(params.get('stoneid') ?? '');
  return (
    <div className="page search-page">
      <title>Event · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">{show.data ? `Stones at ${show.data.name}` : 'Event'}</h1>
        {show.data ? (
          <p className="page-subtitle">
            {show.data.city}, {formatDate(show.data.starts_at)} – {formatDate(show.data.ends_at)}
            {show.data.booth ? `, booth ${show.data.booth}` : ''}.{' '}
            <Link to={paths.tradeShow.href()}>Request a meeting</Link>
          </p>
        ) : null}
      </header>
      {show.isPending ? <PageSpinner label="Loading the event" /> : null}
      {show.isError ? (
        <p className="card field-error" role="alert">
          {errorText(show.error)}
        </p>
      ) : null}
      {show.data === null ? (
        <div className="card empty-state">
          <p>No trade show is planned at the moment, so no stones are on show.</p>
        </div>
      ) : null}
      {show.data ? (
        <EventStones
          show={show.data}
          lots={lots}
          customer={customer}
          stoneActions={buyingActions('Searching')}
        />
      ) : null}
    </div>
  );
}
