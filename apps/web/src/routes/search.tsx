import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  NEW_SEARCH_TAB,
  paths,
  resultTab,
  resultTabNumber,
  SAVED_SEARCH_TAB,
  type SearchTab,
} from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { SaveSearchDialog } from '../features/saved-searches/components/save-search-dialog';
import { SavedSearchList } from '../features/saved-searches/components/saved-search-list';
import { ManageTabsDialog, MaxTabsDialog, ResultTabsBar } from '../features/search/components/result-tabs';
import { ResultView } from '../features/search/components/result-view';
import { SearchForm } from '../features/search/components/search-form';
import {
  closeAllResultTabs,
  closeResultTab,
  dismissTabLimit,
  endSavedSearchEdit,
  getSearchTabs,
  openSearchResult,
  type ResultTab,
  setSearchDraft,
  tabLabel,
  updateResultTab,
  useSearchTabs,
} from '../features/search/result-tabs-store';
import type { SaveSearchSlot } from '../features/search/save-search-slot';
import { buyingActions } from './compose/buying-actions';
import { useSavedSearchActions } from './compose/saved-search-actions';

/** Save Search comes from the saved-searches area. */
const saveSearch: SaveSearchSlot = (request) => <SaveSearchDialog {...request} />;

/**
 * /v2/search?active-tab=new-search | saved-search | result-{n}: the filter form, the saved
 * searches, and up to 10 result tabs, each with its own filters, sort, page and selection.
 */
export function SearchRoute() {
  const customer = useCurrentCustomer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { tabs, draft, savedSearchEdit, limitReached } = useSearchTabs();
  const [managing, setManaging] = useState(false);
  const savedSearchActions = useSavedSearchActions();
  const requested = params.get('active-tab') ?? NEW_SEARCH_TAB;
  const tabNumber = resultTabNumber(requested);
  const currentTab = tabNumber ? tabs[tabNumber - 1] : undefined;
  const active = currentTab ? requested : requested === SAVED_SEARCH_TAB ? SAVED_SEARCH_TAB : NEW_SEARCH_TAB;

  // A result tab that no longer exists (closed elsewhere, an old link) shows the form instead.
  useEffect(() => {
    if (tabNumber && !currentTab)
      navigate(paths.search.href({ 'active-tab': NEW_SEARCH_TAB }), { replace: true });
  }, [tabNumber, currentTab, navigate]);

  const goTo = (key: SearchTab) => navigate(paths.search.href({ 'active-tab': key }));

  const close = (tab: ResultTab) => {
    const activeId = currentTab?.id;
    closeResultTab(tab.id);
    if (!activeId) return;
    const remaining = getSearchTabs().tabs;
    const index = remaining.findIndex((t) => t.id === activeId);
    if (index >= 0) goTo(resultTab(index + 1));
    else goTo(remaining.length > 0 ? resultTab(Math.min(tabNumber!, remaining.length)) : NEW_SEARCH_TAB);
  };

  const closeAll = () => {
    closeAllResultTabs();
    if (currentTab) goTo(NEW_SEARCH_TAB);
  };

  const search = (filters: Parameters<typeof openSearchResult>[0]) => {
    const opened = openSearchResult(filters, savedSearchEdit?.name ?? null);
    if (opened.opened) {
      if (savedSearchEdit) endSavedSearchEdit();
      navigate(opened.path);
    }
  };

  let content: ReactNode;
  if (currentTab?.editing) {
    content = (
      <SearchForm
        key={`edit-${currentTab.id}`}
        customer={customer}
        initialFilters={currentTab.filters}
        heading={<h2 className="section-title">Modify {tabLabel(currentTab, tabNumber! - 1)}</h2>}
        onSubmit={(filters) =>
          updateResultTab(currentTab.id, { filters, editing: false, page: 0, selection: [] })
        }
        onCancel={() => updateResultTab(currentTab.id, { editing: false })}
      />
    );
  } else if (currentTab) {
    content = (
      <ResultView
        key={currentTab.id}
        tab={currentTab}
        label={tabLabel(currentTab, tabNumber! - 1)}
        customer={customer}
        stoneActions={buyingActions('Searching')}
        saveSearch={saveSearch}
      />
    );
  } else if (active === SAVED_SEARCH_TAB) {
    content = <SavedSearchList actions={savedSearchActions} />;
  } else {
    content = (
      <SearchForm
        key={savedSearchEdit ? `saved-${savedSearchEdit.id}` : 'new'}
        customer={customer}
        initialFilters={draft}
        heading={
          savedSearchEdit ? <h2 className="section-title">Editing “{savedSearchEdit.name}”</h2> : undefined
        }
        onFiltersChange={setSearchDraft}
        onSubmit={search}
        saveSearch={saveSearch}
        savedSearch={savedSearchEdit}
        onSavedSearchSaved={() => {
          endSavedSearchEdit();
          goTo(SAVED_SEARCH_TAB);
        }}
        onCancel={
          savedSearchEdit
            ? () => {
                endSavedSearchEdit();
                setSearchDraft(null);
                goTo(SAVED_SEARCH_TAB);
              }
            : undefined
        }
      />
    );
  }

  return (
    <div className="page search-page">
      <title>Search · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Search Diamonds</h1>
      </header>
      <ResultTabsBar tabs={tabs} active={active} onClose={close} onCloseAll={closeAll} />
      {content}
      {limitReached && !managing ? (
        <MaxTabsDialog
          onClose={dismissTabLimit}
          onManage={() => {
            dismissTabLimit();
            setManaging(true);
          }}
        />
      ) : null}
      {managing ? (
        <ManageTabsDialog
          tabs={tabs}
          onClose={() => setManaging(false)}
          onCloseTab={close}
          onCloseAll={closeAll}
        />
      ) : null}
    </div>
  );
}
