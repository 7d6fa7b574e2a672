import { Link } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useTradeShow } from '../features/trade-shows/api/trade-shows-api';
import { MeetingRequestForm } from '../features/trade-shows/components/meeting-request-form';
import { MyMeetingRequests } from '../features/trade-shows/components/my-meeting-requests';
import { TradeShowCard } from '../features/trade-shows/components/trade-show-card';
import { errorText } from '../lib/error-text';
import '../features/trade-shows/trade-shows.css';

/** /v2/trade-show: the show I may visit (dates, booth), Request a meeting, and the requests I made. */
export function TradeShowRoute() {
  const show = useTradeShow();
  return (
    <div className="page trade-show-page">
      <title>Trade Show · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Trade Show</h1>
        <p className="page-subtitle">
          Meet our team and see the stones in person at the shows we exhibit at.
        </p>
      </header>
      {show.isPending ? <PageSpinner label="Loading the trade show" /> : null}
      {show.isError ? (
        <p className="card field-error" role="alert">
          {errorText(show.error)}
        </p>
      ) : null}
      {show.data === null ? (
        <div className="card empty-state">
          <p>
            No trade show is planned at the moment. Your key account manager will tell you of the next one.
          </p>
        </div>
      ) : null}
      <div className="trade-show-grid">
        {show.data ? (
          <TradeShowCard show={show.data}>
            <Link className="btn btn-secondary" to={paths.event.href()}>
              See the stones on show
            </Link>
          </TradeShowCard>
        ) : null}
        {show.data ? <MeetingRequestForm show={show.data} /> : null}
        <MyMeetingRequests />
      </div>
    </div>
  );
}
