import { Fragment } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { formatCount, formatDate } from '../../../lib/format';
import type { SavedSearch } from '../api/saved-searches';
import { filterSummary, SUMMARY_COLUMNS } from '../filter-summary';

/**
 * The mini table in two bands of four columns, labels over values: at eight columns a card's
 * columns were narrower than "Symmetry" or "0.50-0.69", which broke inside the word.
 */
const BANDS = [SUMMARY_COLUMNS.slice(0, 4), SUMMARY_COLUMNS.slice(4)];

/** A value that wraps only between its words ("0.50-0.69, 0.70-0.89"), never inside one. */
function WholeWords({ text }: { text: string }) {
  return text.split(' ').map((word, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed text, in order
    <Fragment key={i}>
      {i > 0 ? ' ' : null}
      <span className="mini-table-word">{word}</span>
    </Fragment>
  ));
}

export interface SavedSearchCardProps {
  search: SavedSearch;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onRun: () => void;
  onRename: () => void;
  running: boolean;
}

/** Initials, name, date, a Match Pair badge and the mini table of the main filters. */
export function SavedSearchCard({
  search,
  selected,
  onSelect,
  onRun,
  onRename,
  running,
}: SavedSearchCardProps) {
  const summary = filterSummary(search.meta_data);
  const titleId = `saved-search-${search.id}`;
  return (
    <article className={`card saved-search-card ${selected ? 'is-selected' : ''}`} aria-labelledby={titleId}>
      <div className="saved-search-head">
        <input
          type="checkbox"
          className="saved-search-select"
          checked={selected}
          aria-label={`Select ${search.name}`}
          onChange={(event) => onSelect(event.target.checked)}
        />
        <Avatar name={search.name} size={36} />
        <div className="saved-search-name">
          <h2 className="card-title" id={titleId}>
            {search.name}
          </h2>
          <p className="card-muted">
            Saved {formatDate(search.created_at)} · {formatCount(search.diamond_count)}{' '}
            {search.diamond_count === 1 ? 'stone' : 'stones'} then
          </p>
        </div>
        {search.is_matching_pair ? <span className="badge badge-warning">Match Pair</span> : null}
      </div>
      <table className="mini-table">
        <tbody>
          {BANDS.map((band) => (
            <Fragment key={band[0]}>
              <tr>
                {band.map((column) => (
                  <th key={column} id={`${titleId}-${column}`} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
              <tr>
                {band.map((column) => (
                  <td key={column} headers={`${titleId}-${column}`} title={summary[column]}>
                    <WholeWords text={summary[column]} />
                  </td>
                ))}
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
      <div className="saved-search-actions">
        <Button
          variant="ghost"
          size="sm"
          icon={<Icon name="edit" size={14} />}
          aria-label={`Rename ${search.name}`}
          onClick={onRename}
        >
          Rename
        </Button>
        <Button size="sm" busy={running} aria-label={`Search ${search.name}`} onClick={onRun}>
          Search
        </Button>
      </div>
    </article>
  );
}
