import { Link } from 'react-router';
import { NEW_SEARCH_TAB, paths, resultTab, type SearchTab } from '../../../config/paths';
import { GridIcon } from '../../../domain/stones/grid/grid-icons';
import type { PairTab } from '../pair-tabs-store';
import './pair-results.css';

export const pairTabLabel = (index: number) => `Result ${index + 1}`;

/** New Search and one closable tab per open result of the matching-pair screen. */
export function PairTabsBar({
  tabs,
  active,
  onClose,
}: {
  tabs: readonly PairTab[];
  active: string;
  onClose: (tab: PairTab) => void;
}) {
  const entries: { key: SearchTab; label: string; tab: PairTab | null }[] = [
    { key: NEW_SEARCH_TAB, label: 'New Search', tab: null },
    ...tabs.map((tab, index) => ({ key: resultTab(index + 1), label: pairTabLabel(index), tab })),
  ];
  return (
    <nav className="pair-tabs" aria-label="Matching pair tabs">
      {entries.map(({ key, label, tab }) => (
        <span key={tab?.id ?? key} className={`pair-tab${active === key ? ' is-current' : ''}`}>
          <Link
            className="pair-tab-link"
            to={paths.matchingPair.href({ 'active-tab': key })}
            aria-current={active === key ? 'page' : undefined}
          >
            {label}
          </Link>
          {tab ? (
            <button
              type="button"
              className="icon-button"
              aria-label={`Close ${label}`}
              onClick={() => onClose(tab)}
            >
              <GridIcon name="close" size={13} />
            </button>
          ) : null}
        </span>
      ))}
    </nav>
  );
}
