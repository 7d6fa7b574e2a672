import { confirmStones, confirmTimeCheck } from '@loupe/contract/confirmation';
import type { ResponseOf } from '@loupe/contract/route';
import type { Stone } from '@loupe/contract/stones';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { customerKeys } from '../../../domain/customer/customer-cache';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { buildCustomer } from '../../../test/customer-fixture';
import { type FakeAnswer, fail, fakeApi } from '../../../test/fake-api';
import { buildStone } from '../../../test/stone-fixture';
import { ConfirmStonesDialog } from './confirm-stones-dialog';

const RESULT_ON_SCREEN = ['screen-behind-the-dialog', 'result'];

/** The server, seen from the browser: each call of a route takes the next answer queued for it. */
function serve(answers: {
  check?: FakeAnswer<typeof confirmTimeCheck>[];
  confirm?: FakeAnswer<typeof confirmStones>[];
}) {
  const api = fakeApi();
  api.once(confirmTimeCheck, ...(answers.check ?? []));
  api.once(confirmStones, ...(answers.confirm ?? []));
  return api;
}

type StoneCheck = ResponseOf<typeof confirmTimeCheck>['data'][string];

function check(stone: Stone, overrides: Partial<StoneCheck> = {}): StoneCheck {
  return {
    id: stone.id,
    lot_id: stone.lot_id,
    status: 'available',
    reason: null,
    title: 'Available',
    message: 'The stone is available.',
    amount_seen: stone.amount ?? 0,
    amount_now: stone.amount,
    location: stone.location,
    ...overrides,
  };
}

function checkAnswer(
  status: 'available' | 'unavailable' | 'some-available',
  checks: StoneCheck[],
  extra: Partial<ResponseOf<typeof confirmTimeCheck>> = {},
): ResponseOf<typeof confirmTimeCheck> {
  return {
    status,
    title: status === 'available' ? 'Stones available' : 'Some stones are unavailable',
    message: status === 'available' ? 'Every stone is available.' : 'Please review the stones below.',
    data: Object.fromEntries(checks.map((c) => [c.id, c])),
    duties_disclaimer: false,
    kam_location: 'BEL',
    ...extra,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderDialog(stones: Stone[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // What the screens behind the dialog hold: a result showing the stones, and the customer.
  client.setQueryDefaults(RESULT_ON_SCREEN, { meta: SHOWS_STONES });
  client.setQueryData(RESULT_ON_SCREEN, { count: stones.length, stones });
  client.setQueryData(customerKeys.me(), buildCustomer());
  const onClose = vi.fn();
  const onConfirmed = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.search.href()]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Where />
                <ConfirmStonesDialog
                  stones={stones}
                  requestPage="Searching"
                  onClose={onClose}
                  onConfirmed={onConfirmed}
                />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose, onConfirmed, client };
}

describe('[CONFIRM] confirm stones dialog', () => {
  it('stops at stones on hold or memo for someone else, before calling the server', () => {
    const api = serve({});
    const held = buildStone({ lot_id: 'LD-HELD', diamond_status: 'Hold' });
    const { onClose } = renderDialog([buildStone(), held]);
    const dialog = screen.getByRole('dialog', { name: 'Modify your selection' });
    expect(dialog.textContent).toMatch(/hold\/memo/);
    const list = within(dialog).getByRole('list', { name: 'Stones on hold or memo' });
    expect(list.textContent).toContain('LD-HELD');
    expect(list.textContent).toContain('On hold');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Selection' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.calls).toEqual([]);
  });

  it('checks a stone held for this buyer instead of blocking it', async () => {
    const held = buildStone({ diamond_status: 'Hold', reserved_for_you: true });
    serve({ check: [checkAnswer('available', [check(held)])] });
    renderDialog([held]);
    expect(await screen.findByRole('dialog', { name: 'Confirm Stones' })).toBeTruthy();
  });

  it('confirms with a comment through the duties disclaimer and leads to the order', async () => {
    const a = buildStone({ lot_id: 'LD-A', amount: 7000, carats: 1, location: 'IND' });
    const b = buildStone({ lot_id: 'LD-B', amount: 3000.5, carats: 0.5, location: 'BEL' });
    const api = serve({
      check: [checkAnswer('available', [check(a), check(b)], { duties_disclaimer: true })],
      confirm: [
        {
          status: 'success',
          title: 'Order placed',
          message: 'Your KAM will be in touch.',
          order: { id: 'ord_1', display_id: 42 },
        },
      ],
    });
    const { onClose, onConfirmed, client } = renderDialog([a, b]);

    const review = await screen.findByRole('dialog', { name: 'Confirm Stones' });
    const table = within(review).getByRole('table', { name: 'Stones to confirm' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(review).getByLabelText('Confirmation totals').textContent).toContain('$10,000.50');
    expect(api.calls[0]!.body).toEqual({
      variants: [
        { id: a.id, amount: 7000 },
        { id: b.id, amount: 3000.5 },
      ],
    });

    fireEvent.click(within(review).getByRole('button', { name: 'Add Comment' }));
    const comment = within(review).getByLabelText('Comment');
    fireEvent.change(comment, { target: { value: 'Please ship with the Antwerp lot' } });
    expect(review.textContent).toContain('32/1000');
    fireEvent.click(within(review).getByRole('button', { name: 'Confirm Stone' }));

    // The comment is checked (the contract's rule) before the disclaimer opens.
    const disclaimer = await screen.findByRole('dialog', { name: 'Disclaimer' });
    expect(disclaimer.textContent).toMatch(/customs duties and taxes/i);
    expect(disclaimer.textContent).toMatch(/import rules/i);
    expect(disclaimer.textContent).toMatch(/longer/i);
    expect(disclaimer.textContent).toContain('IND');
    // Cancel goes back to the confirm screen with the comment kept.
    fireEvent.click(within(disclaimer).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Stone' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Disclaimer' })).getByRole('button', {
        name: 'Confirm Order',
      }),
    );

    const success = await screen.findByRole('dialog', { name: 'Order placed' });
    expect(success.textContent).toContain('Your KAM will be in touch.');
    expect(success.textContent).toContain('000042');
    const confirmCall = api.callsTo(confirmStones)[0]!;
    expect(confirmCall.query).toEqual({ request_page: 'Searching' });
    expect(confirmCall.body).toEqual({
      variants: [
        { id: a.id, amount: 7000 },
        { id: b.id, amount: 3000.5 },
      ],
      comments: 'Please ship with the Antwerp lot',
    });
    // The stones show as sold at once, and every screen showing stones or the counts asks again.
    const result = client.getQueryData<{ stones: Stone[] }>(RESULT_ON_SCREEN);
    expect(result?.stones.map((stone) => stone.diamond_status)).toEqual(['Sold', 'Sold']);
    expect(client.getQueryState(RESULT_ON_SCREEN)?.isInvalidated).toBe(true);
    expect(client.getQueryState(customerKeys.me())?.isInvalidated).toBe(true);

    fireEvent.click(within(success).getByRole('button', { name: 'Go to Your Order' }));
    expect(onConfirmed).toHaveBeenCalledWith({ id: 'ord_1', display_id: 42 });
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe(paths.myOrders.href({ path: 'pendingInvoices' }));
  });

  it('goes straight from the confirm screen to the order when no stone ships from elsewhere', async () => {
    const a = buildStone({ amount: 5000 });
    serve({
      check: [checkAnswer('available', [check(a)])],
      confirm: [
        { status: 'success', title: 'Thank you', message: 'Confirmed.', order: { id: 'o', display_id: 7 } },
      ],
    });
    const { onConfirmed, onClose } = renderDialog([a]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Stone' }));
    const success = await screen.findByRole('dialog', { name: 'Thank you' });
    expect(success.textContent).toContain('000007');
    fireEvent.click(within(success).getByRole('button', { name: 'Continue' }));
    expect(onConfirmed).toHaveBeenCalledWith({ id: 'o', display_id: 7 });
    expect(onClose).toHaveBeenCalled();
  });

  it('offers to confirm the remaining stones when some are gone, and checks them again', async () => {
    const a = buildStone({ lot_id: 'LD-A', amount: 4000 });
    const b = buildStone({ lot_id: 'LD-B', amount: 6000 });
    const api = serve({
      check: [
        checkAnswer('some-available', [
          check(a),
          check(b, { status: 'unavailable', reason: 'price_changed', amount_now: 6200 }),
        ]),
        checkAnswer('available', [check(a)]),
      ],
    });
    renderDialog([a, b]);
    const dialog = await screen.findByRole('dialog', { name: 'Some stones are unavailable' });
    expect(dialog.textContent).toContain('Please review the stones below.');
    const list = within(dialog).getByRole('list', { name: 'Unavailable stones' });
    expect(list.textContent).toContain('LD-B');
    expect(list.textContent).toContain('Price changed from $6,000.00 to $6,200.00');
    expect(within(dialog).getByRole('button', { name: 'Update Selection' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Remaining Stones' }));

    const review = await screen.findByRole('dialog', { name: 'Confirm Stones' });
    expect(review.textContent).toContain('LD-A');
    expect(review.textContent).not.toContain('LD-B');
    expect(api.calls[1]!.body).toEqual({ variants: [{ id: a.id, amount: 4000 }] });
  });

  it('offers a refresh when no stone can be confirmed', async () => {
    const a = buildStone({ lot_id: 'LD-A' });
    serve({
      check: [checkAnswer('unavailable', [check(a, { status: 'unavailable', reason: 'sold' })])],
    });
    const { onClose, client } = renderDialog([a]);
    const dialog = await screen.findByRole('dialog', { name: 'Some stones are unavailable' });
    expect(within(dialog).getByRole('list', { name: 'Unavailable stones' }).textContent).toContain('Sold');
    expect(within(dialog).queryByRole('button', { name: 'Confirm Remaining Stones' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh Search Results' }));
    expect(onClose).toHaveBeenCalled();
    expect(client.getQueryState(RESULT_ON_SCREEN)?.isInvalidated).toBe(true);
  });

  it('says clearly which stone someone else confirmed first', async () => {
    const a = buildStone({ lot_id: 'LD-A', amount: 4000 });
    const b = buildStone({ lot_id: 'LD-B', amount: 6000 });
    serve({
      check: [checkAnswer('available', [check(a), check(b)])],
      confirm: [
        fail('STONE_UNAVAILABLE', 'LD-B is no longer available.', {
          stones: [check(b, { status: 'unavailable', reason: 'sold', amount_now: null })],
        }),
      ],
    });
    renderDialog([a, b]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stone no longer available' });
    expect(dialog.textContent).toContain('LD-B is no longer available.');
    expect(dialog.textContent).toContain('Nothing was ordered.');
    const list = within(dialog).getByRole('list', { name: 'Unavailable stones' });
    expect(list.textContent).toContain('LD-B');
    expect(list.textContent).not.toContain('LD-A');
    expect(within(dialog).getByRole('button', { name: 'Confirm Remaining Stones' })).toBeTruthy();
  });

  it('asks for KYC when the server requires it', async () => {
    const a = buildStone();
    serve({
      check: [fail('KYC_REQUIRED', 'Complete your KYC to confirm stones.')],
    });
    const { onClose } = renderDialog([a]);
    const dialog = await screen.findByRole('dialog', { name: 'KYC required' });
    expect(dialog.textContent).toContain('Complete your KYC to confirm stones.');
    fireEvent.click(within(dialog).getByRole('link', { name: 'Verify my KYC now' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for KYC without calling the server when prices are withheld', () => {
    const api = serve({});
    renderDialog([buildStone({ amount: null, price_per_carat: null, discount: null })]);
    expect(screen.getByRole('dialog', { name: 'KYC required' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('caps the comment at 1,000 characters', async () => {
    const a = buildStone();
    serve({ check: [checkAnswer('available', [check(a)])] });
    renderDialog([a]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Comment' }));
    const comment = screen.getByLabelText('Comment') as HTMLTextAreaElement;
    expect(comment.maxLength).toBe(1000);
    fireEvent.change(comment, { target: { value: 'y'.repeat(1005) } });
    expect(comment.value).toHaveLength(1000);
    expect(screen.getByText('1000/1000')).toBeTruthy();
  });
});
