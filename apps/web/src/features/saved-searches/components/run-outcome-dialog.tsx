import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCount } from '../../../lib/format';
import type { SavedSearch } from '../api/saved-searches';
import type { RunOutcome } from '../hooks/use-run-saved-search';

export function RunOutcomeDialog({
  outcome,
  onDismiss,
  onModify,
}: {
  outcome: RunOutcome;
  onDismiss: () => void;
  onModify: (search: SavedSearch) => void;
}) {
  if (outcome.kind === 'none') {
    return (
      <Dialog
        title="No stones found"
        onClose={onDismiss}
        actions={
          <>
            <Button variant="ghost" onClick={() => onModify(outcome.search)}>
              Modify Search
            </Button>
            <Button onClick={onDismiss} autoFocus>
              Okay
            </Button>
          </>
        }
      >
        <p>
          No stones match “{outcome.search.name}” right now. New stones arrive every day; try again later or
          widen the search.
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="Modify your search"
      onClose={onDismiss}
      actions={
        <>
          <Button variant="ghost" onClick={onDismiss}>
            Cancel
          </Button>
          <Button onClick={() => onModify(outcome.search)} autoFocus>
            Modify Search
          </Button>
        </>
      }
    >
      <p>
        “{outcome.search.name}” now finds {formatCount(outcome.count)} stones: the selection is more than{' '}
        {STOCK_LIMITS.maxResultStones} stones. Narrow it down to see the results.
      </p>
    </Dialog>
  );
}
