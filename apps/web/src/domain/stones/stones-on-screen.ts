import type { Stone } from '@loupe/contract/stones';
import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * The seam between the features that change a stone (the cart puts it in the cart, the
 * confirmation sells it) and the features that show stones (search results, new arrivals, the
 * detail page, the cart, orders, the stone id search). Neither side knows the other:
 *
 * - a query that shows stones says so with `meta: SHOWS_STONES`;
 * - a list kept outside the query cache (the stone id search in the session) registers with
 *   `onStonesChanged`; the app wires it at start-up.
 */
export const SHOWS_STONES = { showsStones: true } as const;

function showsStones(query: Query): boolean {
  return query.meta?.showsStones === true;
}

/** What can change about a stone on screen without asking the server again. */
export type StoneChange = Partial<Pick<Stone, 'in_cart' | 'diamond_status'>>;
export type StoneChangeListener = (stoneIds: ReadonlySet<string>, change: StoneChange) => void;

const listeners = new Set<StoneChangeListener>();

export function onStonesChanged(listener: StoneChangeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The stones of a list with the change applied; the same list when none of them is concerned. */
export function changeStones<T extends Stone>(
  stones: readonly T[],
  ids: ReadonlySet<string>,
  change: StoneChange,
): readonly T[] {
  let changed = false;
  const next = stones.map((stone) => {
    const differs = Object.entries(change).some(([key, value]) => stone[key as keyof StoneChange] !== value);
    if (!ids.has(stone.id) || !differs) return stone;
    changed = true;
    return { ...stone, ...change };
  });
  return changed ? next : stones;
}

/** A query's data holds stones either as a list or as `{stones: [...]}` (a result with its count). */
function changeData(data: unknown, ids: ReadonlySet<string>, change: StoneChange): unknown {
  if (Array.isArray(data)) return changeStones(data as Stone[], ids, change);
  if (data && typeof data === 'object' && Array.isArray((data as { stones?: unknown }).stones)) {
    const list = data as { stones: Stone[] };
    const stones = changeStones(list.stones, ids, change);
    return stones === list.stones ? data : { ...list, stones };
  }
  return data;
}

/** Shows a change of these stones at once wherever they are on screen, without fetching. */
export function markStones(queryClient: QueryClient, stoneIds: readonly string[], change: StoneChange): void {
  if (stoneIds.length === 0) return;
  const ids = new Set(stoneIds);
  for (const query of queryClient.getQueryCache().findAll({ predicate: showsStones })) {
    const next = changeData(query.state.data, ids, change);
    // Untouched queries keep their age, so nothing is refetched or kept longer than before.
    if (next !== query.state.data) queryClient.setQueryData(query.queryKey, next);
  }
  for (const listener of listeners) listener(ids, change);
}

/** After stones changed hands: every query that shows stones asks the server again. */
export function refreshStones(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: showsStones });
}
