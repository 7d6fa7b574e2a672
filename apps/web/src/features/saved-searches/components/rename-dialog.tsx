import { STOCK_LIMITS } from '@loupe/contract/stock-vocabulary';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormMessage, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-error';
import { submitErrorOf } from '../../../lib/error-text';
import { type SavedSearch, useRenameSavedSearch } from '../api/saved-searches';

const MAX = STOCK_LIMITS.savedSearchNameLength;

/** The same rule the server applies: 1 to 20 characters once trimmed. */
export function savedSearchNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for the search';
  if (trimmed.length > MAX) return `A name has at most ${MAX} characters`;
  return undefined;
}

export function RenameDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const [name, setName] = useState(search.name);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const rename = useRenameSavedSearch();

  const submit = () => {
    const problem = savedSearchNameError(name);
    setFieldError(problem);
    setFormError(undefined);
    if (problem) return;
    if (name.trim() === search.name) {
      onClose();
      return;
    }
    rename.mutate(
      { id: search.id, name: name.trim() },
      {
        onSuccess: onClose,
        onError: (error) => {
          const { fieldErrors, formError: message } = submitErrorOf(error);
          // The server's refusal (a duplicate or invalid name) belongs to the field; a failure to
          // reach it belongs to the form.
          if (fieldErrors.name) setFieldError(fieldErrors.name);
          else if (isApiError(error) && error.status >= 400 && error.status < 500) setFieldError(message);
          else setFormError(message);
        },
      },
    );
  };

  return (
    <Dialog
      title="Rename saved search"
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="rename-saved-search" busy={rename.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form
        id="rename-saved-search"
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextField
          label="Search name"
          value={name}
          error={fieldError}
          hint={`${name.trim().length}/${MAX} characters`}
          maxLength={MAX + 10}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            if (fieldError) setFieldError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
