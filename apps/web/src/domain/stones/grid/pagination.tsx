import { useId } from 'react';
import { formatCount } from '../../../lib/format';
import { GridIcon } from './grid-icons';
import { PAGE_SIZES } from './page-size';

export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="grid-pagination" aria-label="Pages">
      <label htmlFor={sizeId} className="grid-page-size">
        Rows per page
        <select
          id={sizeId}
          className="input select"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="grid-range" aria-live="polite">
        {first}–{last} of {formatCount(total)}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 0}
        aria-label="Previous page"
      >
        <GridIcon name="chevronLeft" />
      </button>
      <span className="grid-page-number">
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pages - 1}
        aria-label="Next page"
      >
        <GridIcon name="chevronRight" />
      </button>
    </nav>
  );
}
