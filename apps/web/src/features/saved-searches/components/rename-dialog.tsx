import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../../components/ui/dialog';
import { Form, FormError, FormField } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-error';
import { errorText, fieldErrorsOf } from '../../../lib/error-text';
import { type SavedSearch, useRenameSavedSearch } from '../api/saved-searches';
import { SAVED_SEARCH_NAME_MAX, savedSearchNameForm } from '../saved-search-name';

export function RenameDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const rename = useRenameSavedSearch();
  const form = useForm({ resolver: zodResolver(savedSearchNameForm), defaultValues: { name: search.name } });
  const typed = form.watch('name').trim().length;

  const submit = async ({ name }: { name: string }) => {
    if (name === search.name) {
      onClose();
      return;
    }
    try {
      await rename.mutateAsync({ id: search.id, name });
      onClose();
    } catch (error) {
      // The server's refusal (a duplicate or invalid name) belongs to the field; a failure to
      // reach it belongs to the form.
      const refused = isApiError(error) && error.status >= 400 && error.status < 500;
      const onField = fieldErrorsOf(error).name ?? (refused ? errorText(error) : undefined);
      if (onField) form.setError('name', { type: 'server', message: onField });
      else form.setError('root.server', { message: errorText(error) });
    }
  };

  return (
    <Dialog
      title="Rename saved search"
      onClose={onClose}
      busy={rename.isPending}
      cancel={{ label: 'Cancel' }}
      confirm={{ label: 'Save', form: 'rename-saved-search' }}
    >
      <Form form={form} onSubmit={submit} id="rename-saved-search">
        <FormError />
        <FormField
          name="name"
          label="Search name"
          hint={`${typed}/${SAVED_SEARCH_NAME_MAX} characters`}
          maxLength={SAVED_SEARCH_NAME_MAX + 10}
          autoFocus
        />
      </Form>
    </Dialog>
  );
}
