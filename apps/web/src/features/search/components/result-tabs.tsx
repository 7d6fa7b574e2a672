import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { NEW_SEARCH_TAB, paths, resultTab, SAVED_SEARCH_TAB, type SearchTab } from '../../../config/paths';
import { GridIcon } from '../../../domain/stones/grid/grid-icons';
import { MAX_RESULT_TABS, type ResultTab, tabLabel } from '../result-tabs-store';
import './search-tabs.css';

/** New Search, Saved Search and one tab per open result, each result closable. */
export function ResultTabsBar({
  tabs,
  active,
  onClose,
  onCloseAll,
}: {
  tabs: readonly ResultTab[];
  active: string;
  onClose: (tab: ResultTab) => void;
  onCloseAll: () => void;
}) {
  const fixed: { key: SearchTab; label: string }[] = [
    { key: NEW_SEARCH_TAB, label: 'New Search' },
    { key: SAVED_SEARCH_TAB, label: 'Saved Search' },
  ];
  return (
    <nav className="search-tabs" aria-label="Search tabs">
      {fixed.map((tab) => (
        <span key={tab.key} className={`search-tab${active === tab.key ? ' is-current' : ''}`}>
          <Link
            className="search-tab-link"
            to={paths.search.href({ 'active-tab': tab.key })}
            aria-current={active === tab.key ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        </span>
      ))}
      {tabs.map((tab, index) => {
        const key = resultTab(index + 1);
        const label = tabLabel(tab, index);
        return (
          <span key={tab.id} className={`search-tab${active === key ? ' is-current' : ''}`}>
            <Link
              className="search-tab-link"
              to={paths.search.href({ 'active-tab': key })}
              aria-current={active === key ? 'page' : undefined}
            >
              {label}
            </Link>
            <button
              type="button"
              className="icon-button"
              aria-label={`Close ${label}`}
              onClick={() => onClose(tab)}
            >
              <GridIcon name="close" size={13} />
            </button>
          </span>
        );
      })}
      {tabs.length > 0 ? (
        <span className="search-tabs-end">
          <Button variant="ghost" size="sm" onClick={onCloseAll}>
            Close All Tabs
          </Button>
        </span>
      ) : null}
    </nav>
  );
}

/** At 10 open results a new search cannot open a tab; Manage Tabs lets the buyer close some. */
export function MaxTabsDialog({ onManage, onClose }: { onManage: () => void; onClose: () => void }) {
  return (
    <Dialog
      title="Maximum Tabs Reached"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onManage}>Manage Tabs</Button>
        </>
      }
    >
      <p>
        You can keep up to {MAX_RESULT_TABS} search results open. Close a result you no longer need to open a
        new one.
      </p>
    </Dialog>
  );
}

export function ManageTabsDialog({
  tabs,
  onClose,
  onCloseTab,
  onCloseAll,
}: {
  tabs: readonly ResultTab[];
  onClose: () => void;
  onCloseTab: (tab: ResultTab) => void;
  onCloseAll: () => void;
}) {
  return (
    <Dialog
      title="Manage Tabs"
      onClose={onClose}
      actions={
        <>
          <Button variant="danger" onClick={onCloseAll} disabled={tabs.length === 0}>
            Close All Tabs
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      {tabs.length === 0 ? (
        <p>No results are open.</p>
      ) : (
        <ul className="manage-tabs-list">
          {tabs.map((tab, index) => {
            const label = tabLabel(tab, index);
            return (
              <li key={tab.id}>
                <span>{label}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Close ${label}`}
                  onClick={() => onCloseTab(tab)}
                >
                  Close
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
