import type { Customer } from '@loupe/contract/customers';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { INCLUSION_KEYS } from '@loupe/contract/stone-vocabulary';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { scrollBehavior } from '../../../lib/motion';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { COUNT_DEBOUNCE_MS, useStoneCount } from '../api/search-api';
import { collapsedSectionsInUse, emptyFormState, type SearchFormState } from '../form-state';
import type { SaveSearchSlot } from '../save-search-slot';
import { formErrors, fromFilters, toFilters } from '../to-filters';
import { AdvancedSearchSections } from './advanced-search-sections';
import { CaratSection, ClaritySection, ColorSection, ShapeSection } from './basic-sections';
import {
  FluorescenceSection,
  MakeLabSection,
  MediaSection,
  OriginSection,
  ShadeSection,
} from './grade-sections';
import { COUNT_FAILURE_WORDING, type CountState, SearchActions } from './search-actions';
import { SECTION_ANCHORS, type SectionId } from './section-props';
import './search-form.css';

export interface SearchFormProps {
  customer: Customer;
  /** What the form opens with (a result being modified, a saved search, the last draft). */
  initialFilters: StoneFiltersInput | null;
  /**
   * New arrivals: counts among new arrivals, no 300-stone cap, no Save Search or Add Demand.
   * Matching pair: the whole stock is paired (at most 150 pairs), so no 300-stone cap either.
   * Bid to buy: counts among the running event's stones, no cap, no Save Search or Add Demand.
   */
  variant?: 'search' | 'new-arrivals' | 'matching-pair' | 'bid-to-buy';
  submitLabel?: string;
  onSubmit: (filters: StoneFiltersInput, count: number) => void;
  /** Shown while editing a saved search or a result. */
  onCancel?: () => void;
  /** Every change, e.g. to keep the draft across reloads. */
  onFiltersChange?: (filters: StoneFiltersInput) => void;
  /** The saved search being edited: Save Search updates it. */
  savedSearch?: { id: string; name: string } | null;
  onSavedSearchSaved?: (name: string) => void;
  /** Offers Save Search (left out for new arrivals). */
  saveSearch?: SaveSearchSlot;
  heading?: ReactNode;
}

const COLLAPSED_AT_START: SectionId[] = ['search-parameters', 'search-inclusions', 'search-key-to-symbol'];

/** The stock search form (domain-facts §1): every filter section, a live count and the buttons. */
export function SearchForm({
  customer,
  initialFilters,
  variant = 'search',
  submitLabel = 'Search',
  onSubmit,
  onCancel,
  onFiltersChange,
  savedSearch,
  onSavedSearchSaved,
  saveSearch,
  heading,
}: SearchFormProps) {
  const [state, setState] = useState<SearchFormState>(() => fromFilters(initialFilters));
  const [collapsed, setCollapsed] = useState<Set<SectionId>>(() => {
    // A search that already uses a collapsed section opens it.
    const used = collapsedSectionsInUse(fromFilters(initialFilters), INCLUSION_KEYS);
    return new Set(
      COLLAPSED_AT_START.filter(
        (id) =>
          !(
            (id === 'search-parameters' && used.parameters) ||
            (id === 'search-inclusions' && used.inclusions) ||
            (id === 'search-key-to-symbol' && used.keyToSymbol)
          ),
      ),
    );
  });
  const newArrivals = variant === 'new-arrivals';
  const pricesLocked = customer.kyc.status !== 'approved';

  const errors = useMemo(() => formErrors(state), [state]);
  const hasErrors = Object.keys(errors).length > 0;
  const filters = useMemo(() => toFilters(state), [state]);
  const filtersKey = JSON.stringify(filters);
  const debouncedKey = useDebouncedValue(hasErrors ? null : filtersKey, COUNT_DEBOUNCE_MS);
  const countFilters = useMemo(
    () => (debouncedKey === null ? null : (JSON.parse(debouncedKey) as StoneFiltersInput)),
    [debouncedKey],
  );
  const countQuery = useStoneCount(
    countFilters,
    newArrivals ? 'new-arrivals' : variant === 'bid-to-buy' ? 'bid-to-buy' : 'stock',
  );

  const onFiltersChangeRef = useRef(onFiltersChange);
  onFiltersChangeRef.current = onFiltersChange;
  useEffect(() => {
    onFiltersChangeRef.current?.(JSON.parse(filtersKey) as StoneFiltersInput);
  }, [filtersKey]);

  let count: CountState;
  if (hasErrors) count = { status: 'invalid' };
  else if (debouncedKey !== filtersKey || countQuery.isFetching || countQuery.isPending)
    count = { status: 'counting' };
  else if (countQuery.isError)
    count = { status: 'failed', message: errorText(countQuery.error, COUNT_FAILURE_WORDING) };
  else count = { status: 'counted', count: countQuery.data!.count };

  const facets = countQuery.data?.facets;
  const sectionProps = { state, update: setState, facets, errors };
  const toggleSection = (id: SectionId) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const jumpTo = (id: SectionId) => {
    if (collapsed.has(id)) toggleSection(id);
    // After the section has opened.
    window.requestAnimationFrame(() => {
      const section = document.getElementById(id);
      section?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
      section?.querySelector<HTMLElement>('button, input')?.focus({ preventScroll: true });
    });
  };

  return (
    <div className="search-form">
      <nav className="search-nav" aria-label="Search sections">
        <ul>
          {SECTION_ANCHORS.map((anchor) => (
            <li key={anchor.id}>
              <a
                href={`#${anchor.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  jumpTo(anchor.id);
                }}
              >
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="search-form-main">
        {heading}
        <ShapeSection {...sectionProps} />
        <CaratSection {...sectionProps} />
        <ColorSection {...sectionProps} />
        <ClaritySection {...sectionProps} />
        <MakeLabSection {...sectionProps} />
        <MediaSection {...sectionProps} />
        <FluorescenceSection {...sectionProps} />
        <OriginSection {...sectionProps} />
        <ShadeSection {...sectionProps} />
        <AdvancedSearchSections
          {...sectionProps}
          pricesLocked={pricesLocked}
          isOpen={(id) => !collapsed.has(id)}
          onToggle={toggleSection}
        />
        <SearchActions
          customer={customer}
          count={count}
          filters={filters}
          limited={variant === 'search'}
          submitLabel={submitLabel}
          saveSearch={newArrivals || variant === 'bid-to-buy' ? undefined : saveSearch}
          savedSearch={savedSearch}
          onSubmit={(counted) => onSubmit(filters, counted)}
          onReset={() => setState(emptyFormState())}
          onCancel={onCancel}
          onSaved={onSavedSearchSaved}
        />
      </div>
    </div>
  );
}
