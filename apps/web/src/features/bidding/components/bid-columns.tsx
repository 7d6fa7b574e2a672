import type { Stone } from '@loupe/contract/stones';
import type { ReactNode } from 'react';
import { formatDiscount } from '../../../domain/stones/formats';
import type { ExtraGridColumn } from '../../../domain/stones/grid/grid-columns';
import { twoDigits } from '../../../lib/format';

/** What a bid row adds to the stone (domain-facts §2.2), whichever screen it comes from. */
export interface BidFields {
  my_current_bid?: number | null;
  current_max_bid?: number | null;
  last_bid_date?: string | null;
  is_win?: boolean;
  original_discount?: number | null;
}

type Column = ExtraGridColumn & { render: (stone: Stone) => ReactNode };
const bidOf = (stone: Stone) => stone as Stone & BidFields;

/** dd/mm/yy (domain-facts §2.2). */
export function bidDate(iso: string): string {
  const d = new Date(iso);
  return `${twoDigits(d.getDate())}/${twoDigits(d.getMonth() + 1)}/${twoDigits(d.getFullYear() % 100)}`;
}

const pct = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : formatDiscount(value);

export const BID_COLUMNS = {
  asking: {
    accessor: 'asking_discount',
    price: true,
    header: 'Disc %',
    title: 'Asking discount',
    width: 90,
    render: (stone: Stone) => pct(stone.discount),
  },
  original: {
    accessor: 'original_discount',
    price: true,
    header: 'Disc %',
    title: 'The stone’s normal discount',
    width: 90,
    render: (stone: Stone) => <s>{pct(bidOf(stone).original_discount)}</s>,
  },
  floor: {
    accessor: 'event_floor',
    price: true,
    header: 'Max Disc %',
    title: 'The event floor: bid above it',
    width: 100,
    render: (stone: Stone) => pct(stone.discount),
  },
  mine: {
    accessor: 'my_current_bid',
    price: true,
    header: 'My Bid %',
    title: 'My current bid',
    width: 90,
    render: (stone: Stone) => pct(bidOf(stone).my_current_bid),
  },
  max: {
    accessor: 'current_max_bid',
    price: true,
    header: 'Curr Max. Bid%',
    title: 'The highest bid of any bidder',
    width: 120,
    render: (stone: Stone) => pct(bidOf(stone).current_max_bid),
  },
  date: {
    accessor: 'last_bid_date',
    header: 'Date',
    title: 'When I last bid',
    width: 90,
    render: (stone: Stone) => {
      const date = bidOf(stone).last_bid_date;
      return date ? bidDate(date) : '-';
    },
  },
  result: {
    accessor: 'is_win',
    header: 'Result',
    title: 'Won or lost',
    width: 80,
    render: (stone: Stone) =>
      bidOf(stone).is_win ? (
        <span className="badge badge-success bid-won">Won</span>
      ) : (
        <span className="badge badge-danger bid-lost">Lost</span>
      ),
  },
} satisfies Record<string, Column>;
