import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import type { ReactNode } from 'react';

/**
 * Save Search belongs to the saved-searches area; the search form and a result tab only offer it.
 * The screen hands in the dialog (routes/search.tsx), so the two features do not import each
 * other.
 */
export interface SaveSearchRequest {
  filters: StoneFiltersInput;
  /** Today's count, kept with the saved search. */
  count: number;
  /** The saved search being edited: Save replaces it. */
  existing?: { id: string; name: string } | null;
  onClose: () => void;
  /** Called with the name the search was saved under. */
  onSaved?: ((name: string) => void) | undefined;
}

export type SaveSearchSlot = (request: SaveSearchRequest) => ReactNode;
