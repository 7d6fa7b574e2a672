import type { Customer } from '@loupe/contract/customers';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { formatCount, formatDateTime } from '../../../lib/format';
import { readItem, writeItem } from '../../../lib/storage';

/** The browser key of the promo, per phone number (domain-facts §4); it holds the event's end. */
export function promoKey(customer: Pick<Customer, 'country_code' | 'phone'>): string {
  return `bid-to-buy-promo:${customer.country_code}${customer.phone}`;
}

/**
 * The Bid-to-Buy promo sheet (domain-facts §4, §10): while an event runs with stones, a
 * KYC-approved customer sees it once per event on this browser, kept per phone number.
 */
export function BidToBuyPromo({ customer }: { customer: Customer }) {
  const key = promoKey(customer);
  const [seen, setSeen] = useState(() => readItem('local', key));
  const { endTime, count } = customer.bid_to_buy;
  if (customer.kyc.status !== 'approved' || !endTime || count === 0 || seen === endTime) return null;
  const dismiss = () => {
    writeItem('local', key, endTime);
    setSeen(endTime);
  };
  return (
    <Dialog
      title="Bid to Buy is live"
      className="bid-promo-sheet"
      onClose={dismiss}
      actions={
        <>
          <Button variant="secondary" onClick={dismiss}>
            Maybe later
          </Button>
          <Link className="btn btn-primary" to={paths.bidToBuy.href({ path: 'bidStone' })} onClick={dismiss}>
            Bid Now
          </Link>
        </>
      }
    >
      <p>
        {formatCount(count)} selected stones, up to 5% extra off the per-carat price. Sealed bids until{' '}
        {formatDateTime(endTime)}.
      </p>
    </Dialog>
  );
}
