import { findPairs, type StonePair } from '@loupe/contract/matching-pairs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { buildStone } from '../../../test/stone-fixture';
import { PairResults, whyTheyMatch } from './pair-results';

const first = buildStone({
  id: '11111111-1111-4111-8111-111111111111',
  lot_id: 'LD-A',
  carats: 1.02,
  color: 'G',
});
const second = buildStone({
  id: '22222222-2222-4222-8222-222222222222',
  lot_id: 'LD-B',
  carats: 1.01,
  color: 'G',
});
const pair: StonePair = {
  pair_id: `${first.id}_${second.id}`,
  stones: [first, second],
  score: 0.2,
  differences: [
    { key: 'color', difference: 0 },
    { key: 'clarity', difference: 0 },
    { key: 'carat', difference: -0.01 },
  ],
};

describe('pair results', () => {
  it('says why two stones match', () => {
    expect(whyTheyMatch(pair)).toBe('Carat −0.01; same Color, Clarity');
  });

  it('shows each pair as two rows, highlighting the cells that differ', async () => {
    const api = fakeApi();
    api.on(findPairs, { count: 1, pairs: [pair] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <PairResults
            label="Result 1"
            filters={{ shape: ['BR'] }}
            selection={[]}
            onSelectionChange={() => {}}
            page={0}
            onPageChange={() => {}}
            pairActions={(stones) => <span>actions for {stones.length}</span>}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const article = await screen.findByRole('article', { name: 'Pair 1: LD-A and LD-B' });
    expect(screen.getByRole('status').textContent).toBe('1 pair');
    const [header, a] = within(article).getAllByRole('row');
    const columns = within(header!)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    const cells = within(a!).getAllByRole('cell');
    const at = (name: string) => cells[columns.indexOf(name) - 1]!;
    expect(at('Carats').className).toBe('is-different');
    expect(at('Color').className).toBe('');
    expect(within(article).getByText('actions for 2')).toBeTruthy();
    expect(api.callsTo(findPairs)[0]?.query.filters).toEqual({ shape: ['BR'] });
  });
});
