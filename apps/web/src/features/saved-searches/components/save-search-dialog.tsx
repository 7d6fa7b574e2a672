import type { StoneFiltersInput } from '@loupe/contract/stock-filters';
import { STOCK_LIMITS } from '@loupe/contract/stock-vocabulary';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormMessage, TextField } from '../../../components/ui/field';
import { submitErrorOf } from '../../../lib/error-text';
import { useSaveSearch } from '../api/saved-searches';

const NAME_MAX = STOCK_LIMITS.savedSearchNameLength;

/** Save Search: a name of at most 20 characters, kept with the filters and today's count. */
export function SaveSearchDialog({
  filters,
  count,
  existing,
  onClose,
  onSaved,
}: {
  filters: StoneFiltersInput;
  count: number;
  /** The saved search being edited: Save replaces it. */
  existing?: { id: string; name: string } | null;
  onClose: () => void;
  /** Called with the name the search was saved under. */
  onSaved?: (name: string) => void;
}) {
  const [name, setName] = useState(existing?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveSearch();
  const failure = save.isError ? submitErrorOf(save.error) : null;

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Enter a name for the search');
      return;
    }
    if (trimmed.length > NAME_MAX) {
      setError(`A name has at most ${NAME_MAX} characters`);
      return;
    }
    save.mutate(
      { name: trimmed, count, filters, id: existing?.id },
      {
        onSuccess: () => {
          toast.success(existing ? 'Saved search updated' : 'Search saved');
          onSaved?.(trimmed);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title={existing ? 'Update Saved Search' : 'Save Search'}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="save-search-form" busy={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form
        id="save-search-form"
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {failure?.formError ? <FormMessage tone="error">{failure.formError}</FormMessage> : null}
        <TextField
          label="Search name"
          value={name}
          maxLength={NAME_MAX}
          autoFocus
          hint={`${name.trim().length}/${NAME_MAX} characters · ${count.toLocaleString('en-US')} stones today`}
          error={error ?? failure?.fieldErrors.name}
          onChange={(event) => {
            setError(undefined);
            setName(event.target.value);
          }}
        />
      </form>
    </Dialog>
  );
}
