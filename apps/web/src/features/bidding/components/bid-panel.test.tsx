import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BidPanel } from './bid-panel';

const stone = { id: 's1', lot_id: 'LD1', rap: 10_000, carats: 1.5 };

describe('BidPanel (domain-facts §4)', () => {
  it('starts one step above the floor, steps by 0.25 and computes Bid Pr/Ct and Bid Amt', () => {
    const onBid = vi.fn();
    render(<BidPanel stone={stone} floor={-25} action="Add Bid" onBid={onBid} />);
    const input = screen.getByLabelText('Your bid (Disc %)') as HTMLInputElement;
    expect(input.value).toBe('-24.75');
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bid by 0.25' }));
    expect(input.value).toBe('-24.5');
    expect(screen.getByTestId('bid-price-per-carat').textContent).toBe('$7,550.00');
    expect(screen.getByTestId('bid-amount').textContent).toBe('$11,325.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add Bid' }));
    expect(onBid).toHaveBeenCalledWith(-24.5);
  });

  it('keeps Update Bid disabled until the bid beats the floor, and says why', () => {
    render(<BidPanel stone={stone} floor={-20} action="Update Bid" onBid={vi.fn()} />);
    const input = screen.getByLabelText('Your bid (Disc %)');
    fireEvent.change(input, { target: { value: '-20' } });
    expect(screen.getByRole('button', { name: 'Update Bid' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toMatch(/above/);
    fireEvent.change(input, { target: { value: '-19.9' } });
    expect(screen.getByRole('button', { name: 'Update Bid' })).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '-19.75' } });
    expect(screen.getByRole('button', { name: 'Update Bid' })).toHaveProperty('disabled', false);
  });

  it('shows no Bid Pr/Ct or Bid Amt until there is a bid: an empty field is not a bid of 0%', () => {
    render(<BidPanel stone={stone} floor={-25} action="Add Bid" onBid={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Your bid (Disc %)'), { target: { value: '' } });
    expect(screen.getByTestId('bid-price-per-carat').textContent).toBe('-');
    expect(screen.getByTestId('bid-amount').textContent).toBe('-');
    expect(screen.getByRole('button', { name: 'Add Bid' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes only plain decimal numbers: "1e2" is not 100, and says so', () => {
    const onBid = vi.fn();
    render(<BidPanel stone={stone} floor={-25} action="Add Bid" onBid={onBid} />);
    const input = screen.getByLabelText('Your bid (Disc %)');
    for (const typed of ['1e2', '0x10', '1,5', '--3']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(screen.getByRole('button', { name: 'Add Bid' }), typed).toHaveProperty('disabled', true);
      expect(screen.getByRole('alert').textContent, typed).toBe(
        'Enter your bid as a plain number, such as -24.75.',
      );
      expect(screen.getByTestId('bid-amount').textContent, typed).toBe('-');
    }
    // The minus sign the screen writes is read as one.
    fireEvent.change(input, { target: { value: '\u221224.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Bid' }));
    expect(onBid).toHaveBeenCalledWith(-24.5);
  });

  it('says why a bid off the 0.25 steps cannot be placed, naming the nearest ones', () => {
    render(<BidPanel stone={stone} floor={-10.59} action="Add Bid" onBid={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Your bid (Disc %)'), { target: { value: '-10.4' } });
    expect(screen.getByRole('button', { name: 'Add Bid' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('Bids go in steps of 0.25: try −10.50% or −10.25%.');
    fireEvent.change(screen.getByLabelText('Your bid (Disc %)'), { target: { value: '-10.6' } });
    expect(screen.getByRole('alert').textContent).toBe('Your bid must be above −10.59%.');
    fireEvent.change(screen.getByLabelText('Your bid (Disc %)'), { target: { value: '100' } });
    expect(screen.getByRole('alert').textContent).toBe('Your bid must be between −99.75% and +99.75%.');
  });
});
