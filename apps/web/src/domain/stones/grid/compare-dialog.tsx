import { STONE_COLUMNS } from '@loupe/contract/stone-columns';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type DetailSource, paths } from '../../../config/paths';
import { cellText } from './grid-cells';
import { GridIcon } from './grid-icons';

export const COMPARE_MIN = STOCK_LIMITS.compareMin;
export const COMPARE_MAX = STOCK_LIMITS.compareMax;

/** Every attribute but the stock number (the column heads) and the media link. */
const ROWS = [
  { accessor: 'shape_full', label: 'Shape' },
  ...STONE_COLUMNS.filter((c) => !['lot_id', 'details', 'shape'].includes(c.accessor)).map((c) => ({
    accessor: c.accessor,
    label: c.label,
  })),
];

export function differingAttributes(stones: readonly Stone[]): Set<string> {
  const differing = new Set<string>();
  for (const row of ROWS) {
    const values = new Set(stones.map((stone) => cellText(row.accessor, stone)));
    if (values.size > 1) differing.add(row.accessor);
  }
  return differing;
}

/** 2–10 stones side by side; attributes that differ between them are highlighted. */
export function CompareDialog({
  stones: initial,
  source,
  onClose,
  onRemove,
  stoneActions,
}: {
  stones: readonly Stone[];
  source: DetailSource;
  /** What a buyer can do with one compared stone (Add to Cart, Confirm Stone), under its column. */
  stoneActions?: (stone: Stone) => ReactNode;
  onClose: () => void;
  /** A stone taken out of the comparison is also taken out of the selection. */
  onRemove?: (stone: Stone) => void;
}) {
  const [stones, setStones] = useState(() => initial.slice(0, COMPARE_MAX));
  const differing = differingAttributes(stones);

  return (
    <Dialog
      title={`Compare Stones (${stones.length})`}
      onClose={onClose}
      className="compare-dialog"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {stones.length < COMPARE_MIN ? (
        <p role="status">Select at least {COMPARE_MIN} stones to compare.</p>
      ) : (
        <p className="compare-legend">
          <span className="compare-swatch" aria-hidden="true" /> Highlighted rows differ between the stones.
        </p>
      )}
      <div className="compare-scroll">
        <table className="compare-table">
          <thead>
            <tr>
              <th scope="col">Attribute</th>
              {stones.map((stone) => (
                <th scope="col" key={stone.id}>
                  <span className="compare-head">
                    <Link to={paths.detailPage.forStones(source, [stone])}>{stone.lot_id}</Link>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${stone.lot_id} from the comparison`}
                      onClick={() => {
                        setStones((current) => current.filter((s) => s.id !== stone.id));
                        onRemove?.(stone);
                      }}
                    >
                      <GridIcon name="close" size={14} />
                    </button>
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => {
              const differs = differing.has(row.accessor);
              return (
                <tr
                  key={row.accessor}
                  className={differs ? 'is-different' : undefined}
                  data-differs={differs}
                >
                  <th scope="row">
                    {row.label}
                    {differs ? <span className="visually-hidden"> (differs)</span> : null}
                  </th>
                  {stones.map((stone) => (
                    <td key={stone.id}>{cellText(row.accessor, stone)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
          {stoneActions ? (
            <tfoot>
              <tr>
                <th scope="row">Actions</th>
                {stones.map((stone) => (
                  <td key={stone.id}>{stoneActions(stone)}</td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </Dialog>
  );
}
