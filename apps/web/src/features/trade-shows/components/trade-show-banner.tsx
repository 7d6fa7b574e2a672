import type { Customer } from '@loupe/contract/customers';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import './trade-show-banner.css';
import { readItem, writeItem } from '../../../lib/storage';

const CLOSED_KEY = 'trade-show-banner-closed';
const readSession = () => readItem('session', CLOSED_KEY);
const writeSession = (id: string) => writeItem('session', CLOSED_KEY, id);

/**
 * The shell's trade-show banner (spec §1): while the customer's `trade_show.show_banner` is on,
 * the show's flag and name with a link to /v2/trade-show. Closed, it stays closed for this show
 * until the browser tab closes.
 */
export function TradeShowBanner({ tradeShow }: { tradeShow: Customer['trade_show'] }) {
  const [closedFor, setClosedFor] = useState(readSession);
  if (!tradeShow.show_banner || !tradeShow.id || closedFor === tradeShow.id) return null;
  const close = () => {
    writeSession(tradeShow.id!);
    setClosedFor(tradeShow.id);
  };
  return (
    <aside className="trade-show-banner" aria-label="Trade show">
      {tradeShow.web_image.flag_image ? (
        <img src={tradeShow.web_image.flag_image} alt="" width={24} height={16} />
      ) : null}
      <p>
        Meet us at <strong>{tradeShow.name}</strong>.{' '}
        <Link to={paths.tradeShow.href()}>See dates, booth and request a meeting</Link>
      </p>
      <button
        type="button"
        className="trade-show-banner-close"
        aria-label="Close the trade show banner"
        onClick={close}
      >
        ×
      </button>
    </aside>
  );
}
