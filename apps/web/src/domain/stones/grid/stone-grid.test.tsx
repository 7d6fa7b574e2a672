import type { Stone } from '@loupe/contract/stones';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildCustomer } from '../../../test/customer-fixture';
import { buildStone } from '../../../test/stone-fixture';
import type { SortState } from '../sort-stones';
import { columnPreferenceKeys } from './grid-api';
import { StoneGrid } from './stone-grid';

function Harness({
  stones,
  customer = buildCustomer(),
  onSortChange = () => {},
}: {
  stones: Stone[];
  customer?: ReturnType<typeof buildCustomer>;
  onSortChange?: (sort: SortState | null) => void;
}) {
  const [selection, setSelection] = useState<string[]>([]);
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <StoneGrid
      label="Result 1"
      stones={stones}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        onSortChange(next);
      }}
      selectedIds={selection}
      onSelectionChange={setSelection}
      source="search"
      customer={customer}
      trackingPage="search_result_page"
    />
  );
}

function renderGrid(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The customer has never arranged the columns: the default order applies.
  client.setQueryData(columnPreferenceKeys.mine(), []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function totals() {
  const bar = screen.getByLabelText('Totals');
  const value = (term: string) => within(bar).getByText(term).parentElement!.querySelector('dd')!.textContent;
  return {
    pieces: value('No. of Pieces'),
    carats: value('Total Carats'),
    discount: value('Total Avg. Dis'),
    perCarat: value('Avg. Pr/Ct'),
    amount: value('Total Amount'),
  };
}

describe('stone grid', () => {
  // happy-dom lays nothing out; the row virtualiser needs a scroll area with a size to fill.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });

  const stones = [
    buildStone({ lot_id: 'LD-1', carats: 1, amount: 7000, rap_value: 10000, discount: -30 }),
    buildStone({
      lot_id: 'LD-2',
      carats: 2,
      amount: 16000,
      rap_value: 20000,
      discount: -20,
      diamond_status: 'Hold',
    }),
    buildStone({
      lot_id: 'LD-3',
      carats: 0.5,
      amount: 3000,
      rap_value: 4000,
      discount: -25,
      in_high_demand: true,
    }),
  ];

  it('shows the stones in the default columns with the trade formats', () => {
    renderGrid({ stones });
    const table = screen.getByRole('table', { name: 'Result 1' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 7)).toEqual([
      '',
      'In high demand',
      'Stock No.',
      'Shape',
      'Shape Name',
      'Details',
      'Status',
    ]);
    expect(within(table).getByRole('link', { name: 'LD-1' }).getAttribute('href')).toBe(
      paths.detailPage.href({ path: 'search', stoneid: ['LD-1-BEL'] }),
    );
    expect(within(table).getByText('\u221230.00%')).toBeTruthy();
    expect(within(table).getByText('$16,000.00')).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'In High Demand Now!' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'LD-2' }).closest('td')!.className).toContain('lot-hold');
  });

  it('recomputes the totals from the selection, or every row when none is selected', () => {
    renderGrid({ stones });
    expect(totals()).toEqual({
      pieces: '0/3',
      carats: '3.50',
      discount: '\u221223.53%',
      perCarat: '$7,428.57',
      amount: '$26,000.00',
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD-2' }));
    expect(totals()).toMatchObject({ pieces: '2/3', carats: '3.00', amount: '$23,000.00' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all stones' }));
    expect(totals().pieces).toBe('3/3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all stones' }));
    expect(totals().pieces).toBe('0/3');
  });

  it('reads an empty table’s totals as empty, never as locked, for an approved buyer', () => {
    renderGrid({ stones: [] });
    expect(totals()).toEqual({
      pieces: '0/0',
      carats: '0.00',
      discount: '-',
      perCarat: '-',
      amount: '$0.00',
    });
    expect(within(screen.getByLabelText('Totals')).queryByText('Locked')).toBeNull();
  });

  it('asks for a sort by clicking a header: ascending, descending, then the default', () => {
    const onSortChange = vi.fn();
    renderGrid({ stones, onSortChange });
    const carats = screen.getByRole('columnheader', { name: 'Carats' });
    fireEvent.click(within(carats).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'carats', direction: 'asc' });
    expect(carats.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(carats).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'carats', direction: 'desc' });
    fireEvent.click(within(carats).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('locks prices for a customer without approved KYC and offers to contact the KAM', () => {
    const locked = stones.map((stone) => ({
      ...stone,
      discount: null,
      price_per_carat: null,
      rap: null,
      rap_value: null,
      amount: null,
    }));
    renderGrid({ stones: locked, customer: buildCustomer({ kyc: { status: 'pending', banner_key: null } }) });
    // Price columns cannot be sorted without prices.
    expect(within(screen.getByRole('columnheader', { name: 'Amt ($)' })).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Unlock' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Contact Sales Team' });
    const message = within(dialog).getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toContain('Hello Ananya');
    expect(message.value).toContain('LD-1');
    const email = within(dialog).getByRole('link', { name: 'Email' }).getAttribute('href')!;
    expect(email.startsWith('mailto:ananya.iyer@loupe-diamonds.example?')).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/3235550142\?text=/,
    );
    expect(within(dialog).queryByRole('button', { name: 'Request Callback' })).toBeNull();
  });

  it('compares 2–10 selected stones and highlights what differs', () => {
    renderGrid({ stones });
    const compare = screen.getByRole('button', { name: 'Compare' });
    expect(compare).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD-2' }));
    fireEvent.click(compare);
    const dialog = screen.getByRole('dialog', { name: 'Compare Stones (2)' });
    const carats = within(dialog)
      .getByRole('rowheader', { name: /^Carats/ })
      .closest('tr')!;
    expect(carats.getAttribute('data-differs')).toBe('true');
    const clarity = within(dialog)
      .getByRole('rowheader', { name: /^Clarity/ })
      .closest('tr')!;
    expect(clarity.getAttribute('data-differs')).toBe('false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove LD-2 from the comparison' }));
    expect(within(dialog).getByText('Select at least 2 stones to compare.')).toBeTruthy();
    expect(totals().pieces).toBe('1/3');
  });

  it('groups the rows by shape under headers that collapse, expand and select their stones', () => {
    const shaped = [
      buildStone({ lot_id: 'LD-R1', shape: 'BR', shape_full: 'Round' }),
      buildStone({ lot_id: 'LD-O1', shape: 'OV', shape_full: 'Oval' }),
      buildStone({ lot_id: 'LD-R2', shape: 'BR', shape_full: 'Round' }),
    ];
    renderGrid({ stones: shaped });
    const table = screen.getByRole('table', { name: 'Result 1' });
    const groups = within(table)
      .getAllByRole('rowgroup')
      .filter((body) => body.tagName === 'TBODY');
    // A group appears where its first stone does and gathers its shape's stones.
    expect(
      groups.map((body) =>
        within(body)
          .getAllByRole('link', { name: /^LD-/ })
          .map((link) => link.textContent),
      ),
    ).toEqual([['LD-R1', 'LD-R2'], ['LD-O1']]);
    const round = within(table).getByRole('rowheader', { name: 'Round, 2 stones' });
    expect(round.getAttribute('scope')).toBe('rowgroup');
    expect(round.textContent).toBe('Round 2 stones');

    // Open by default; collapsing hides the group's stones and keeps its header and count.
    const collapse = within(table).getByRole('button', { name: 'Collapse Round' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(collapse);
    expect(within(table).queryByRole('link', { name: 'LD-R1' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'LD-O1' })).toBeTruthy();
    const expand = within(table).getByRole('button', { name: 'Expand Round' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(within(table).getByRole('rowheader', { name: 'Round, 2 stones' })).toBeTruthy();
    expect(totals().pieces).toBe('0/3');

    // The group's checkbox selects its stones, even collapsed.
    const selectRounds = () =>
      screen.getByRole('checkbox', { name: 'Select the Round stones' }) as HTMLInputElement;
    fireEvent.click(selectRounds());
    expect(totals()).toMatchObject({ pieces: '2/3', carats: '2.02' });
    expect(selectRounds().checked).toBe(true);
    fireEvent.click(expand);
    expect((screen.getByRole('checkbox', { name: 'Select LD-R2' }) as HTMLInputElement).checked).toBe(true);

    // Partly selected reads as mixed; a click selects the rest, the next one clears the group.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD-R1' }));
    expect(selectRounds().indeterminate).toBe(true);
    expect(selectRounds().checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD-O1' }));
    fireEvent.click(selectRounds());
    expect(totals().pieces).toBe('3/3');
    expect(selectRounds().indeterminate).toBe(false);
    fireEvent.click(selectRounds());
    expect(totals().pieces).toBe('1/3');
    expect((screen.getByRole('checkbox', { name: 'Select LD-O1' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps a collapsed shape collapsed on the next page', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? buildStone({ lot_id: `LD-G${i + 1}`, shape: 'OV', shape_full: 'Oval' })
        : buildStone({ lot_id: `LD-G${i + 1}` }),
    );
    renderGrid({ stones: many });
    const rowheaders = () =>
      screen.getAllByRole('rowheader').map((th) => th.querySelector('.group-count')!.textContent);
    // A group counts the stones of its shape on this page.
    expect(rowheaders()).toEqual(['7 stones', '13 stones']);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Round' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('21–30 of 30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Expand Round' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'LD-G23' })).toBeNull();
    expect(screen.getByRole('link', { name: 'LD-G22' })).toBeTruthy();
    expect(rowheaders()).toEqual(['7 stones', '3 stones']);
  });

  it('pages through the stones 20 at a time', () => {
    const many = Array.from({ length: 45 }, (_, i) => buildStone({ lot_id: `LD-P${i + 1}` }));
    renderGrid({ stones: many });
    expect(screen.getByText('1–20 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LD-P21' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    expect(screen.getByText('1–45 of 45')).toBeTruthy();
    expect(window.localStorage.getItem('loupe.gridPageSize')).toBe('50');
  });
});
