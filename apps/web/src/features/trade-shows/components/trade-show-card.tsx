import type { TradeShow } from '@loupe/contract/trade-shows';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';

/** The show: its flag, name and city, when it runs, the booth, and whether it has started. */
export function TradeShowCard({ show, children }: { show: TradeShow; children?: ReactNode }) {
  return (
    <section className="card trade-show-card" aria-labelledby="trade-show-name">
      <div className="trade-show-title">
        {show.flag_image ? (
          <img className="trade-show-flag" src={show.flag_image} alt="" width={36} height={24} />
        ) : null}
        <div>
          <h2 className="card-title" id="trade-show-name">
            {show.name}
          </h2>
          <p className="card-muted">{show.city}</p>
        </div>
        <span className={`badge trade-show-status trade-show-status-${show.status}`}>
          {show.status === 'running' ? 'On now' : 'Coming up'}
        </span>
      </div>
      <dl className="trade-show-facts">
        <div>
          <dt>Opens</dt>
          <dd>{formatDateTime(show.starts_at)}</dd>
        </div>
        <div>
          <dt>Closes</dt>
          <dd>{formatDateTime(show.ends_at)}</dd>
        </div>
        <div>
          <dt>Booth</dt>
          <dd>{show.booth ?? 'To be announced'}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
