import {
  DEFAULT_PAIR_SETTINGS,
  getPairSettings,
  type PairSettingRow,
  savePairSettings,
} from '@loupe/contract/matching-pairs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { MatchPairSettingsDialog } from './match-pair-settings-dialog';

const defaults = () => DEFAULT_PAIR_SETTINGS.map((row) => ({ ...row }));

function open(saved: PairSettingRow[] = defaults()) {
  const api = fakeApi();
  api.on(getPairSettings, (call) => ({ setting: call.query.action === 'reset' ? defaults() : saved }));
  api.on(savePairSettings, (call) => ({ setting: (call.body as { setting: PairSettingRow[] }).setting }));
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MatchPairSettingsDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { api, onClose };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('Match Pair Settings dialog', () => {
  it('shows Rank, Name, Equal, From, To, Action; Reset and Apply start disabled at the defaults', async () => {
    open();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Rank',
      'Name',
      'Equal',
      'From',
      'To',
      'Action',
    ]);
    expect(button('Reset').disabled).toBe(true);
    expect(button('Apply').disabled).toBe(true);
    // Equal rows have their inputs disabled.
    expect(input('Color From').disabled).toBe(true);
    expect(input('Length To').disabled).toBe(false);
    // Table % is 1.00 / 0.00 by default: From above To.
    expect(screen.getByText('From is greater than To')).toBeTruthy();
  });

  it('clamps on blur: grades to whole numbers 0–10, sizes to 0–100 with 2 decimals', async () => {
    open();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Color Equal' }));
    expect(input('Color From').disabled).toBe(false);
    fireEvent.change(input('Color From'), { target: { value: '12.4' } });
    fireEvent.blur(input('Color From'));
    expect(input('Color From').value).toBe('10');
    fireEvent.change(input('Carat To'), { target: { value: '0.126' } });
    fireEvent.blur(input('Carat To'));
    expect(input('Carat To').value).toBe('0.13');
    fireEvent.change(input('Width To'), { target: { value: '250' } });
    fireEvent.blur(input('Width To'));
    expect(input('Width To').value).toBe('100.00');
    expect(button('Apply').disabled).toBe(false);
    expect(button('Reset').disabled).toBe(false);
  });

  it('moves a row to a new rank and applies the rows', async () => {
    const { api, onClose } = open();
    await screen.findByRole('table');
    fireEvent.click(button('Move Carat up'));
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[6]?.textContent).toContain('Carat');
    expect(rows[6]?.querySelector('td')?.textContent).toBe('7');
    fireEvent.click(button('Apply'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent =
      (api.callsTo(savePairSettings)[0]?.body as { setting: PairSettingRow[] } | undefined)?.setting ?? [];
    expect(sent.find((row) => row.key === 'carat')?.priority).toBe(7);
    expect(sent.find((row) => row.key === 'fluorescence')?.priority).toBe(8);
  });

  it('reads and sends the rows by the pinned keys (table, depth, carat)', async () => {
    // The server's rows as the pins name them, in the defaults of domain-facts §11.
    const pinned: [string, string, boolean, number, number][] = [
      ['color', 'Color', true, 0, 0],
      ['clarity', 'Clarity', true, 0, 0],
      ['length', 'Length', false, 0, 0.05],
      ['width', 'Width', false, 0, 2],
      ['table', 'Table %', false, 1, 0],
      ['depth', 'Depth %', false, 0, 1.7],
      ['fluorescence', 'Fluorescence', true, 0, 0],
      ['carat', 'Carat', false, 0, 0.05],
    ];
    const rows = pinned.map(([key, display, is_equal, up, down], i) => ({
      key,
      display,
      priority: i + 1,
      is_equal,
      up,
      down,
    })) as PairSettingRow[];
    const { api, onClose } = open(rows);
    await screen.findByRole('table');
    expect(input('Depth % To').value).toBe('1.70');
    fireEvent.change(input('Table % To'), { target: { value: '1.5' } });
    fireEvent.blur(input('Table % To'));
    fireEvent.change(input('Carat To'), { target: { value: '0.1' } });
    fireEvent.blur(input('Carat To'));
    fireEvent.click(button('Apply'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent =
      (api.callsTo(savePairSettings)[0]?.body as { setting: PairSettingRow[] } | undefined)?.setting ?? [];
    expect(sent.map((row) => [row.key, row.down])).toEqual([
      ['color', 0],
      ['clarity', 0],
      ['length', 0.05],
      ['width', 2],
      ['table', 1.5],
      ['depth', 1.7],
      ['fluorescence', 0],
      ['carat', 0.1],
    ]);
  });

  it('Reset puts the defaults back', async () => {
    open(defaults().map((row) => (row.key === 'width' ? { ...row, down: 1 } : row)));
    await screen.findByRole('table');
    expect(input('Width To').value).toBe('1.00');
    fireEvent.click(button('Reset'));
    expect(input('Width To').value).toBe('2.00');
    expect(button('Reset').disabled).toBe(true);
  });

  it('asks "No, Stay / Yes, Exit" when closing with unsaved edits', async () => {
    const { onClose } = open();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clarity Equal' }));
    fireEvent.click(button('Cancel'));
    fireEvent.click(button('No, Stay'));
    expect(screen.getByRole('checkbox', { name: 'Clarity Equal' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(button('Cancel'));
    fireEvent.click(button('Yes, Exit'));
    expect(onClose).toHaveBeenCalled();
  });
});
