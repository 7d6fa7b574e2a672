import { PAIR_SETTING_KEYS, type StonePair, settingDisplay } from '@loupe/contract/matching-pairs';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { STONE_COLUMNS } from '@loupe/contract/stone-columns';
import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { COMPARE_MAX, COMPARE_MIN, CompareDialog } from '../../../domain/stones/grid/compare-dialog';
import { downloadStones } from '../../../domain/stones/grid/grid-api';
import { cellText } from '../../../domain/stones/grid/grid-cells';
import { GridIcon } from '../../../domain/stones/grid/grid-icons';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { fetchPairStoneIds, PAIRS_PAGE, usePairs } from '../api/pairs-api';
import { SimilarStonesDialog } from './similar-stones';
import './pair-results.css';

/** The attributes each pair shows, left to right; a cell whose two values differ is highlighted. */
const PAIR_COLUMNS = [
  'diamond_status',
  'shape',
  'carats',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'measurements',
  'table_percentage',
  'depth_percentage',
  'lab',
  'discount',
  'price_per_carat',
  'amount',
].map((accessor) => ({
  accessor,
  label: STONE_COLUMNS.find((c) => c.accessor === accessor)?.short_label ?? accessor,
}));

/** What the screen lets a buyer do with stones: Add to Cart and Confirm for a pair, under each compared stone. */
export interface PairActionSlots {
  pairActions: (stones: readonly Stone[]) => ReactNode;
  compareActions?: (stone: Stone) => ReactNode;
}

/** "Carat −0.01 · Length −0.02; same Color, Clarity, Fluorescence": why two stones pair. */
export function whyTheyMatch(pair: StonePair): string {
  const same: string[] = [];
  const apart: string[] = [];
  for (const key of PAIR_SETTING_KEYS) {
    const difference = pair.differences.find((d) => d.key === key)?.difference;
    if (difference === undefined) continue;
    if (difference === 0) same.push(settingDisplay(key));
    else apart.push(`${settingDisplay(key)} ${difference > 0 ? '+' : '−'}${Math.abs(difference)}`);
  }
  return [apart.join(' · '), same.length ? `same ${same.join(', ')}` : ''].filter(Boolean).join('; ');
}

/**
 * One result of the matching-pair screen: its pairs, best first, each as two rows with the cells
 * that differ highlighted and why they match; select pairs to export or compare them.
 */
export function PairResults({
  label,
  filters,
  selection,
  onSelectionChange,
  page,
  onPageChange,
  toolbarStart,
  pairActions,
  compareActions,
}: {
  label: string;
  filters: StoneFiltersInput;
  selection: readonly string[];
  onSelectionChange: (pairIds: string[]) => void;
  page: number;
  onPageChange: (page: number) => void;
  toolbarStart?: ReactNode;
} & PairActionSlots) {
  const result = usePairs(filters, page);
  const [comparing, setComparing] = useState<Stone[] | null>(null);
  const [similarOf, setSimilarOf] = useState<StonePair | null>(null);
  const pairs = result.data?.pairs ?? [];
  const count = result.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAIRS_PAGE));
  const selected = pairs.filter((pair) => selection.includes(pair.pair_id));
  const stonesOf = (list: readonly StonePair[]) => list.flatMap((pair) => pair.stones);

  const toggle = (pairId: string) =>
    onSelectionChange(
      selection.includes(pairId) ? selection.filter((id) => id !== pairId) : [...selection, pairId],
    );
  // A pair's id names its two stones, so a selection on other pages exports too.
  const download = async () => {
    const chosen = selection.flatMap((pairId) => pairId.split('_'));
    const all = chosen.length > 0 ? [] : await fetchPairStoneIds(filters).catch(() => []);
    await downloadStones(chosen, all, { fileName: 'matching_pairs.xlsx' });
  };
  const compare = () => {
    const stones = stonesOf(selected);
    if (stones.length < COMPARE_MIN || stones.length > COMPARE_MAX) {
      toast.error(`Select 1 to ${COMPARE_MAX / 2} pairs to compare.`, { duration: TOAST_DURATION_MS });
      return;
    }
    setComparing(stones);
  };

  if (result.isError && !result.data) {
    return (
      <div className="pair-results-state" role="alert">
        <p>{errorText(result.error)}</p>
        <Button variant="secondary" onClick={() => void result.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  return (
    <section className="pair-results" aria-label={label}>
      <div className="pair-toolbar">
        {toolbarStart}
        <span className="result-summary" role="status">
          {result.data ? `${count} ${count === 1 ? 'pair' : 'pairs'}` : 'Finding pairs…'}
        </span>
        <span className="pair-toolbar-end">
          <Button
            variant="secondary"
            size="sm"
            icon={<GridIcon name="download" />}
            disabled={pairs.length === 0}
            onClick={() => void download()}
          >
            Download Excel
          </Button>
          <Button variant="secondary" size="sm" disabled={selected.length === 0} onClick={compare}>
            Compare
          </Button>
        </span>
      </div>
      {result.isFetching && !result.data ? <Spinner label="Finding pairs" /> : null}
      {result.data && pairs.length === 0 ? (
        <p className="pair-results-state">
          No pairs match this search with your Match Pair Settings. Modify the search or loosen the settings.
        </p>
      ) : null}
      <ol className="pair-list">
        {pairs.map((pair, index) => {
          const [first, second] = pair.stones;
          const number = page * PAIRS_PAGE + index + 1;
          const name = `Pair ${number}: ${first.lot_id} and ${second.lot_id}`;
          return (
            <li key={pair.pair_id} className="pair-card">
              <article aria-label={name}>
                <header className="pair-card-head">
                  <label className="pair-select">
                    <input
                      type="checkbox"
                      checked={selection.includes(pair.pair_id)}
                      onChange={() => toggle(pair.pair_id)}
                      aria-label={`Select pair ${number}`}
                    />
                    <strong>Pair {number}</strong>
                  </label>
                  <Link to={paths.detailPage.forStones('matching-pair', pair.stones)}>View pair</Link>
                  <span className="pair-why">{whyTheyMatch(pair)}</span>
                </header>
                <div className="pair-table-scroll">
                  <table className="pair-table">
                    <thead>
                      <tr>
                        <th scope="col">Stock No.</th>
                        {PAIR_COLUMNS.map((column) => (
                          <th scope="col" key={column.accessor}>
                            {column.label}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {pair.stones.map((stone) => (
                        <tr key={stone.id}>
                          <th scope="row">
                            <Link to={paths.detailPage.forStones('matching-pair', [stone])}>
                              {stone.lot_id}
                            </Link>
                          </th>
                          {PAIR_COLUMNS.map((column) => {
                            const differs =
                              cellText(column.accessor, first) !== cellText(column.accessor, second);
                            return (
                              <td
                                key={column.accessor}
                                className={differs ? 'is-different' : undefined}
                                data-differs={differs}
                              >
                                {cellText(column.accessor, stone)}
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <footer className="pair-card-actions">
                  {pairActions(pair.stones)}
                  <Button variant="ghost" size="sm" onClick={() => setSimilarOf(pair)}>
                    Similar Stones
                  </Button>
                </footer>
              </article>
            </li>
          );
        })}
      </ol>
      {pages > 1 ? (
        <nav className="pair-pages" aria-label="Pair pages">
          <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <span>
            Pairs {page * PAIRS_PAGE + 1}–{Math.min(count, (page + 1) * PAIRS_PAGE)} of {count}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages - 1}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
      {comparing ? (
        <CompareDialog
          stones={comparing}
          source="matching-pair"
          stoneActions={compareActions}
          onClose={() => setComparing(null)}
        />
      ) : null}
      {similarOf ? (
        <SimilarStonesDialog
          stone={similarOf.stones[0]}
          pairedWith={similarOf.stones[1]}
          source="matching-pair"
          stoneActions={compareActions}
          onClose={() => setSimilarOf(null)}
        />
      ) : null}
    </section>
  );
}
