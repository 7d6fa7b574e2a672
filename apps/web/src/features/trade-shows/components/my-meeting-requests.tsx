import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useMeetingRequests } from '../api/trade-shows-api';

/** "The requests I made": each show, the stones named and the comment, newest first. */
export function MyMeetingRequests() {
  const requests = useMeetingRequests();
  return (
    <section className="card" aria-labelledby="my-requests-title">
      <h2 className="card-title" id="my-requests-title">
        My meeting requests
      </h2>
      {requests.isPending ? <Spinner label="Loading your requests" /> : null}
      {requests.isError ? (
        <p className="field-error" role="alert">
          {errorText(requests.error)}
        </p>
      ) : null}
      {requests.data?.length === 0 ? (
        <p className="card-muted">You have not requested a meeting yet.</p>
      ) : null}
      {requests.data && requests.data.length > 0 ? (
        <ul className="meeting-requests" aria-label="My meeting requests">
          {requests.data.map((request) => (
            <li key={request.id} className="meeting-request">
              <p className="meeting-request-show">
                <strong>{request.trade_show.name}</strong>, {request.trade_show.city} ·{' '}
                {formatDate(request.trade_show.starts_at)} – {formatDate(request.trade_show.ends_at)}
              </p>
              <p className="card-muted">Requested {formatDateTime(request.created_at)}</p>
              <p>{request.stones.length > 0 ? `Stones: ${request.stones.join(', ')}` : 'No stones named'}</p>
              {request.comment ? <p className="meeting-request-comment">{request.comment}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
