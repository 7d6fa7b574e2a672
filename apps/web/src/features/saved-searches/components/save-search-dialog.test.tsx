import { createSavedSearch } from '@loupe/contract/saved-searches';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { SaveSearchDialog } from './save-search-dialog';

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SaveSearchDialog filters={{}} count={12} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('Save Search', () => {
  it('does not cut a long name silently: it keeps what was typed and says the limit', async () => {
    const api = fakeApi();
    renderDialog();
    const field = screen.getByLabelText('Search name') as HTMLInputElement;
    const long = 'Round brilliants for the spring show';
    fireEvent.change(field, { target: { value: long } });
    expect(field.value).toBe(long);
    expect(field.maxLength).toBe(-1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A name has at most 20 characters')).toBeTruthy();
    expect(api.callsTo(createSavedSearch)).toEqual([]);
  });
});
