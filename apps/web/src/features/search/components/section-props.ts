import type { SearchFacets } from '../api/search-api';
import type { SearchFormState } from '../form-state';
import type { FormErrors } from '../to-filters';

export type FormUpdate = (change: (state: SearchFormState) => SearchFormState) => void;

export interface SectionProps {
  state: SearchFormState;
  update: FormUpdate;
  facets: SearchFacets | undefined;
  errors: FormErrors;
}

/** The anchors of the form's sections, in the order of domain-facts §1. */
export const SECTION_ANCHORS = [
  { id: 'search-shape', label: 'Shape' },
  { id: 'search-carats', label: 'Carats' },
  { id: 'search-color', label: 'Color' },
  { id: 'search-clarity', label: 'Clarity' },
  { id: 'search-make', label: 'Make & Lab' },
  { id: 'search-media', label: 'Images & Videos' },
  { id: 'search-fluorescence', label: 'Fluorescence' },
  { id: 'search-origin', label: 'Origin' },
  { id: 'search-shade', label: 'Shade' },
  { id: 'search-price', label: 'Price' },
  { id: 'search-parameters', label: 'Parameters' },
  { id: 'search-inclusions', label: 'Inclusions' },
  { id: 'search-key-to-symbol', label: 'Key to Symbol' },
] as const;
export type SectionId = (typeof SECTION_ANCHORS)[number]['id'];
