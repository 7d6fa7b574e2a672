import { labelOf, SHADES } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type DetailSource, paths } from '../../../config/paths';
import { formatDecimal, formatMoney } from '../../money';
import { LocationFlag } from '../flags';
import {
  EMPTY_CELL,
  formatDiscount,
  formatGirdle,
  formatList,
  formatMeasurements,
  formatText,
  labReportUrl,
  shortTracrId,
  tracrUrl,
} from '../formats';
import type { ExtraGridColumn } from './grid-columns';
import { GridIcon } from './grid-icons';

export interface CellContext {
  source: DetailSource;
  onUnlock: (stone: Stone) => void;
  /** The customer's KYC is not approved: prices are withheld, and the screen's price columns lock. */
  pricesLocked?: boolean;
  /** The screen's own columns (e.g. the cart's reservation), by accessor. */
  extraCells?: ReadonlyMap<string, ExtraGridColumn & { render: (stone: Stone) => ReactNode }>;
}

export const HIGH_DEMAND_TOOLTIP = 'In High Demand Now!';

const MONEY = new Set(['price_per_carat', 'rap', 'rap_value', 'amount']);
export const PRICE_ACCESSORS = new Set([...MONEY, 'discount']);

/** The legend's colour of a stock number: Hold and Memo first (they say more), then In Cart. */
export function lotStatusClass(stone: Stone): string | undefined {
  if (stone.diamond_status === 'Hold') return 'lot-hold';
  if (stone.diamond_status === 'Memo') return 'lot-memo';
  if (stone.in_cart) return 'lot-in-cart';
  return undefined;
}

function LockedPrice({ stone, ctx }: { stone: Stone; ctx: CellContext }) {
  return (
    <span className="price-lock">
      <GridIcon name="lock" size={13} />
      <button type="button" className="link-button" onClick={() => ctx.onUnlock(stone)}>
        Unlock
      </button>
    </span>
  );
}

function DiscountBadge({ value }: { value: number }) {
  const tone = value < 0 ? 'below' : value > 0 ? 'above' : 'at';
  return <span className={`discount-badge discount-${tone}`}>{formatDiscount(value)}</span>;
}

function numberOf(stone: Stone, accessor: string): number | null {
  const value = (stone as unknown as Record<string, unknown>)[accessor];
  return typeof value === 'number' ? value : null;
}

function textOf(stone: Stone, accessor: string): string | null {
  const value = (stone as unknown as Record<string, unknown>)[accessor];
  return typeof value === 'string' ? value : null;
}

/** One cell of the grid, in the formats of domain-facts §2.1. */
export function renderCell(accessor: string, stone: Stone, ctx: CellContext): ReactNode {
  const extra = ctx.extraCells?.get(accessor);
  if (extra)
    return extra.price && ctx.pricesLocked ? <LockedPrice stone={stone} ctx={ctx} /> : extra.render(stone);
  if (PRICE_ACCESSORS.has(accessor)) {
    const value = numberOf(stone, accessor);
    if (value === null) return <LockedPrice stone={stone} ctx={ctx} />;
    return accessor === 'discount' ? <DiscountBadge value={value} /> : formatMoney(value);
  }
  switch (accessor) {
    case 'fire_icon':
      return stone.in_high_demand ? (
        <span className="fire-icon" title={HIGH_DEMAND_TOOLTIP} role="img" aria-label={HIGH_DEMAND_TOOLTIP}>
          <GridIcon name="fire" size={15} />
        </span>
      ) : null;
    case 'lot_id':
      return (
        <Link to={paths.detailPage.forStones(ctx.source, [stone])} className="lot-link">
          {stone.lot_id}
        </Link>
      );
    case 'details': {
      const hasMedia = Boolean(stone.image_url || stone.video_url);
      return hasMedia ? (
        <Link
          to={paths.detailPage.forStones(ctx.source, [stone])}
          className="media-link"
          aria-label={`Images and video of ${stone.lot_id}`}
          title="Images and video"
        >
          <GridIcon name="camera" />
        </Link>
      ) : (
        <span className="media-link is-empty" title="No images or video yet">
          <GridIcon name="camera" />
          <span className="visually-hidden">No images or video</span>
        </span>
      );
    }
    case 'diamond_status':
      return stone.diamond_status;
    case 'location':
      return (
        <span className="location-cell">
          <LocationFlag location={stone.location} />
          {stone.location}
        </span>
      );
    case 'lab': {
      const url = labReportUrl(stone.lab, stone.certificate_number);
      return url ? (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          title={`${stone.lab} report ${stone.certificate_number}`}
        >
          {stone.lab}
        </a>
      ) : (
        stone.lab
      );
    }
    case 'carats':
      return formatDecimal(stone.carats);
    case 'color':
      return formatText(stone.color ?? [stone.fancy_intensity, stone.fancy_color].filter(Boolean).join(' '));
    case 'shade':
      return labelOf(SHADES, stone.shade);
    case 'measurements':
      return formatMeasurements(stone);
    case 'girdle':
      return formatGirdle(stone);
    case 'key_to_symbols':
      return formatList(stone.key_to_symbols);
    case 'tracr_id':
      return stone.tracr_id ? (
        <a href={tracrUrl(stone.tracr_id)} target="_blank" rel="noreferrer" title={stone.tracr_id}>
          {shortTracrId(stone.tracr_id)}
        </a>
      ) : (
        EMPTY_CELL
      );
    default: {
      const number = numberOf(stone, accessor);
      if (number !== null) return formatDecimal(number);
      return formatText(textOf(stone, accessor));
    }
  }
}

/** A cell's plain text, for sharing and comparing. */
export function cellText(accessor: string, stone: Stone): string {
  if (PRICE_ACCESSORS.has(accessor)) {
    const value = numberOf(stone, accessor);
    if (value === null) return 'On request';
    return accessor === 'discount' ? formatDiscount(value) : formatMoney(value);
  }
  switch (accessor) {
    case 'carats':
      return formatDecimal(stone.carats);
    case 'measurements':
      return formatMeasurements(stone);
    case 'girdle':
      return formatGirdle(stone);
    case 'key_to_symbols':
      return formatList(stone.key_to_symbols);
    case 'shade':
      return labelOf(SHADES, stone.shade);
    case 'color':
      return formatText(stone.color ?? [stone.fancy_intensity, stone.fancy_color].filter(Boolean).join(' '));
    default: {
      const number = numberOf(stone, accessor);
      if (number !== null) return formatDecimal(number);
      return formatText(textOf(stone, accessor));
    }
  }
}
