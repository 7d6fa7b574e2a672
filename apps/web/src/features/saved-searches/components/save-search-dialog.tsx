import { zodResolver } from '@hookform/resolvers/zod';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Dialog } from '../../../components/ui/dialog';
import { Form, FormError, FormField, showSubmitError } from '../../../components/ui/form';
import { formatCount } from '../../../lib/format';
import { useSaveSearch } from '../api/saved-searches';
import { SAVED_SEARCH_NAME_MAX, savedSearchNameForm } from '../saved-search-name';

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
  onSaved?: ((name: string) => void) | undefined;
}) {
  const save = useSaveSearch();
  const form = useForm({
    resolver: zodResolver(savedSearchNameForm),
    defaultValues: { name: existing?.name ?? '' },
  });
  const typed = form.watch('name').trim().length;

  const submit = async ({ name }: { name: string }) => {
    try {
      await save.mutateAsync({ name, count, filters, id: existing?.id });
      toast.success(existing ? 'Saved search updated' : 'Search saved');
      onSaved?.(name);
      onClose();
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <Dialog
      title={existing ? 'Update Saved Search' : 'Save Search'}
      onClose={onClose}
      busy={save.isPending}
      cancel={{ label: 'Cancel' }}
      confirm={{ label: 'Save', form: 'save-search-form' }}
    >
      <Form form={form} onSubmit={submit} id="save-search-form">
        <FormError />
        <FormField
          name="name"
          label="Search name"
          // No maxLength: a longer name is not cut silently, the form says it is too long.
          autoFocus
          hint={`${typed}/${SAVED_SEARCH_NAME_MAX} characters · ${formatCount(count)} stones today`}
        />
      </Form>
    </Dialog>
  );
}
