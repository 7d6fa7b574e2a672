import type { MemoOrder } from '@loupe/contract/orders';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDecimal, formatMoney } from '../../../domain/money';
import { useMemoOrders } from '../api/orders';
import { isMemoOverdue, MEMO_ITEM_STATE_LABELS, MEMO_STATUS_LABELS } from '../memo-rules';
import { formatOrderDateTime, formatOrderDay } from '../order-format';

const ITEM_BADGE: Record<MemoOrder['items'][number]['status'], string> = {
  on_memo: 'badge-warning',
  returned: 'badge-muted',
  bought: 'badge-success',
};

function MemoOrderCard({ memo, now }: { memo: MemoOrder; now: Date }) {
  const overdue = isMemoOverdue(memo, now);
  return (
    <article className={`memo-order${overdue ? ' is-overdue' : ''}`} aria-label={`Memo ${memo.memo_number}`}>
      <dl className="order-facts">
        <div className="order-fact">
          <dt>Memo No.</dt>
          <dd>{memo.memo_number}</dd>
        </div>
        <div className="order-fact">
          <dt>Issued</dt>
          <dd>{formatOrderDateTime(memo.issued_at)}</dd>
        </div>
        <div className="order-fact">
          <dt>Due</dt>
          <dd className={overdue ? 'memo-due-overdue' : undefined}>
            {memo.due_at ? formatOrderDay(memo.due_at) : '-'}
            {overdue ? <span className="badge badge-danger">Overdue</span> : null}
          </dd>
        </div>
        <div className="order-fact">
          <dt>Status</dt>
          <dd>{MEMO_STATUS_LABELS[memo.status]}</dd>
        </div>
        <div className="order-fact">
          <dt>Stones</dt>
          <dd>
            {memo.stone_count} · {formatDecimal(memo.total_carats)} ct · {formatMoney(memo.total_amount)}
          </dd>
        </div>
      </dl>
      <div className="orders-table-wrap">
        <table className="orders-table memo-stones" aria-label={`Stones on memo ${memo.memo_number}`}>
          <thead>
            <tr>
              <th scope="col">Stock No.</th>
              <th scope="col">Shape</th>
              <th scope="col">Carats</th>
              <th scope="col">Color</th>
              <th scope="col">Clarity</th>
              <th scope="col">Amt ($)</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {memo.items.map((item) => (
              <tr key={item.id}>
                <td>
                  <Link to={paths.detailPage.forStones('your-orders', [item.product])}>{item.lot_id}</Link>
                </td>
                <td>{item.product.shape_full}</td>
                <td>{formatDecimal(item.product.carats)}</td>
                <td>{item.product.color ?? item.product.fancy_color ?? '-'}</td>
                <td>{item.product.clarity ?? '-'}</td>
                <td>{formatMoney(item.amount)}</td>
                <td>
                  <span className={`badge ${ITEM_BADGE[item.status]}`}>
                    {MEMO_ITEM_STATE_LABELS[item.status]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/**
 * Stones the sales team sent on memo (consignment), each memo with its due date (overdue ones
 * stand out) and the state of every stone. Shown only to customers who have memo orders.
 */
export function MemoOrders() {
  const memos = useMemoOrders();
  const list = memos.data?.memo_orders ?? [];
  if (list.length === 0) return null;
  const now = new Date();
  return (
    <section className="memo-orders" aria-labelledby="memo-orders-title">
      <h2 className="section-title" id="memo-orders-title">
        Memo orders
      </h2>
      {list.map((memo) => (
        <MemoOrderCard key={memo.id} memo={memo} now={now} />
      ))}
    </section>
  );
}
