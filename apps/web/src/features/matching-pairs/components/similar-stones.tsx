import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { type DetailSource, paths } from '../../../config/paths';
import { cellText } from '../../../domain/stones/grid/grid-cells';
import { errorText } from '../../../lib/error-text';
import { useSimilarStones } from '../api/pairs-api';
import './pair-results.css';

const SHOWN = [
  'shape',
  'carats',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'discount',
  'amount',
];
const LABELS: Record<string, string> = {
  shape: 'Shape',
  carats: 'Carats',
  color: 'Color',
  clarity: 'Clarity',
  cut: 'Cut',
  polish: 'Pol',
  symmetry: 'Sym',
  fluorescence: 'Fluo',
  lab: 'Lab',
  discount: 'Disc %',
  amount: 'Amt ($)',
};

/**
 * The Available stones nearest to a stone (and not its pair's other stone), a row each with what
 * the screen lets a buyer do with it.
 */
export function SimilarStones({
  stone,
  pairedWith,
  source,
  stoneActions,
}: {
  stone: Stone;
  pairedWith?: Stone;
  source: DetailSource;
  stoneActions?: (stone: Stone) => ReactNode;
}) {
  const similar = useSimilarStones(stone.id, pairedWith?.id);
  if (similar.isError) return <p role="alert">{errorText(similar.error)}</p>;
  if (!similar.data) return <Spinner label="Finding similar stones" />;
  if (similar.data.length === 0)
    return <p className="pair-results-state">No similar stones are available now.</p>;
  return (
    <div className="pair-table-scroll">
      <table className="pair-table" aria-label={`Stones similar to ${stone.lot_id}`}>
        <thead>
          <tr>
            <th scope="col">Stock No.</th>
            {SHOWN.map((accessor) => (
              <th scope="col" key={accessor}>
                {LABELS[accessor]}
              </th>
            ))}
            {stoneActions ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {similar.data.map((other) => (
            <tr key={other.id}>
              <th scope="row">
                <Link to={paths.detailPage.forStones(source, [other])}>{other.lot_id}</Link>
              </th>
              {SHOWN.map((accessor) => {
                const differs = cellText(accessor, other) !== cellText(accessor, stone);
                return (
                  <td key={accessor} className={differs ? 'is-different' : undefined} data-differs={differs}>
                    {cellText(accessor, other)}
                  </td>
                );
              })}
              {stoneActions ? <td className="pair-row-actions">{stoneActions(other)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SimilarStonesDialog({
  stone,
  pairedWith,
  source,
  stoneActions,
  onClose,
}: {
  stone: Stone;
  pairedWith?: Stone;
  /** The screen it opens on, where the stones' links lead back to. */
  source: DetailSource;
  stoneActions?: (stone: Stone) => ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={`Similar Stones to ${stone.lot_id}`}
      onClose={onClose}
      className="similar-stones-dialog"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <SimilarStones stone={stone} pairedWith={pairedWith} source={source} stoneActions={stoneActions} />
    </Dialog>
  );
}

export const VIEW_SIMILAR_HINT = 'Select one stone to see stones similar to it';

/**
 * View Similar for a selection (the cart's Memo, Hold and Sold tabs, domain-facts §5): with one
 * stone selected, the Similar Stones dialog of that stone.
 */
export function ViewSimilarButton({
  stones,
  source,
  stoneActions,
}: {
  stones: readonly Stone[];
  source: DetailSource;
  stoneActions?: (stone: Stone) => ReactNode;
}) {
  const [shown, setShown] = useState<Stone | null>(null);
  const [only] = stones;
  const ready = stones.length === 1 && only !== undefined;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        icon={<Icon name="pair" size={16} />}
        disabled={!ready}
        title={ready ? undefined : VIEW_SIMILAR_HINT}
        onClick={() => setShown(only ?? null)}
      >
        View Similar
      </Button>
      {shown ? (
        <SimilarStonesDialog
          stone={shown}
          source={source}
          stoneActions={stoneActions}
          onClose={() => setShown(null)}
        />
      ) : null}
    </>
  );
}

/** The detail page's Similar Stones: nearest to the stone shown (to the first of a pair, without the other). */
export function SimilarStonesSection(props: {
  stone: Stone;
  pairedWith?: Stone;
  source: DetailSource;
  stoneActions?: (stone: Stone) => ReactNode;
}) {
  return (
    <section className="card similar-stones" aria-labelledby="similar-stones-title">
      <h2 id="similar-stones-title" className="section-title">
        Similar Stones
      </h2>
      <SimilarStones {...props} />
    </section>
  );
}
