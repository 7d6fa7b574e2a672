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
});
