import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../components/ui/button';
import { NEW_SEARCH_TAB, paths, resultTab, resultTabNumber, type SearchTab } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { GridIcon } from '../domain/stones/grid/grid-icons';
import { MatchPairSettingsDialog } from '../features/matching-pairs/components/match-pair-settings-dialog';
import { PairResults } from '../features/matching-pairs/components/pair-results';
import { PairTabsBar, pairTabLabel } from '../features/matching-pairs/components/pair-tabs';
import {
  closePairTab,
  getPairTabs,
  MAX_PAIR_TABS,
  openPairResult,
  type PairTab,
  setPairDraft,
  updatePairTab,
  usePairTabs,
} from '../features/matching-pairs/pair-tabs-store';
import { SearchForm } from '../features/search/components/search-form';
import { TOAST_DURATION_MS } from '../lib/config';
import { StoneSelectionActions } from './compose/buying-actions';

/**
 * /v2/matching-pair?active-tab=new-search | result-{n}: the search form, and a tab per search
 * with its pairs; Match Pair Settings from either. Add to Cart and Confirm come from the cart
 * and the confirmation, composed here.
 */
export function MatchingPairRoute() {
  const customer = useCurrentCustomer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { tabs, draft } = usePairTabs();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const requested = params.get('active-tab') ?? NEW_SEARCH_TAB;
  const tabNumber = resultTabNumber(requested);
  const currentTab = tabNumber ? tabs[tabNumber - 1] : undefined;
  const active = currentTab ? requested : NEW_SEARCH_TAB;

  useEffect(() => {
    if (tabNumber && !currentTab)
      navigate(paths.matchingPair.href({ 'active-tab': NEW_SEARCH_TAB }), { replace: true });
  }, [tabNumber, currentTab, navigate]);

  const goTo = (key: SearchTab) => navigate(paths.matchingPair.href({ 'active-tab': key }));

  const search = (filters: StoneFiltersInput) => {
    const opened = openPairResult(filters);
    if (opened === null) {
      toast.error(`At most ${MAX_PAIR_TABS} results can be open. Close one to search again.`, {
        duration: TOAST_DURATION_MS,
      });
      return;
    }
    goTo(resultTab(opened));
  };

  const close = (tab: PairTab) => {
    const activeId = currentTab?.id;
    closePairTab(tab.id);
    if (!activeId) return;
    const remaining = getPairTabs().tabs;
    const index = remaining.findIndex((t) => t.id === activeId);
    if (index >= 0) goTo(resultTab(index + 1));
    else goTo(remaining.length > 0 ? resultTab(Math.min(tabNumber!, remaining.length)) : NEW_SEARCH_TAB);
  };

  const settingsButton = (
    <Button variant="secondary" size="sm" onClick={() => setSettingsOpen(true)}>
      Match Pair Settings
    </Button>
  );

  let content: ReactNode;
  if (currentTab?.editing) {
    content = (
      <SearchForm
        key={`edit-${currentTab.id}`}
        customer={customer}
        initialFilters={currentTab.filters}
        variant="matching-pair"
        submitLabel="Search Pairs"
        heading={<h2 className="section-title">Modify {pairTabLabel(tabNumber! - 1)}</h2>}
        onSubmit={(filters) =>
          updatePairTab(currentTab.id, { filters, editing: false, page: 0, selection: [] })
        }
        onCancel={() => updatePairTab(currentTab.id, { editing: false })}
      />
    );
  } else if (currentTab) {
    content = (
      <PairResults
        key={currentTab.id}
        label={pairTabLabel(tabNumber! - 1)}
        filters={currentTab.filters}
        selection={currentTab.selection}
        onSelectionChange={(selection) => updatePairTab(currentTab.id, { selection })}
        page={currentTab.page ?? 0}
        onPageChange={(page) => updatePairTab(currentTab.id, { page })}
        pairActions={(stones) => (
          <StoneSelectionActions stones={stones} requestPage="Matching-Pair-Details" />
        )}
        compareActions={(stone) => <StoneSelectionActions stones={[stone]} requestPage="compare" />}
        toolbarStart={
          <>
            <Button
              variant="secondary"
              size="sm"
              icon={<GridIcon name="edit" />}
              onClick={() => updatePairTab(currentTab.id, { editing: true })}
            >
              Modify Search
            </Button>
            {settingsButton}
          </>
        }
      />
    );
  } else {
    content = (
      <SearchForm
        key="new"
        customer={customer}
        initialFilters={draft}
        variant="matching-pair"
        submitLabel="Search Pairs"
        heading={<div className="pair-form-head">{settingsButton}</div>}
        onFiltersChange={setPairDraft}
        onSubmit={search}
      />
    );
  }

  return (
    <div className="page matching-pair-page">
      <title>Matching Pair · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Matching Pair</h1>
      </header>
      <PairTabsBar tabs={tabs} active={active} onClose={close} />
      {content}
      {settingsOpen ? <MatchPairSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}
