import { type Notice, readNotice } from '@loupe/contract/notices';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { fakeApi, offline } from '../../../test/fake-api';
import type { NoticeList } from '../api/notices';
import { NoticePopup, SKELETON_ROWS } from './notice-popup';

function notice(overrides: Partial<Notice>): Notice {
  return {
    id: crypto.randomUUID(),
    title: 'Invoice ready',
    message: 'Invoice INV-1 is ready.',
    icon_url: null,
    created_at: new Date().toISOString(),
    seen_at: null,
    read_at: null,
    target_page: null,
    ...overrides,
  };
}

function query(state: Partial<UseQueryResult<NoticeList>>): UseQueryResult<NoticeList> {
  return { isPending: false, isError: false, data: undefined, refetch: vi.fn(), ...state } as never;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPopup(q: UseQueryResult<NoticeList>, onNavigate = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.dashboardV2.href()]}>
        <NoticePopup query={q} onNavigate={onNavigate} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onNavigate;
}

describe('notice popup', () => {
  it('shows 8 skeleton rows while the notices load (spec §9)', () => {
    renderPopup(query({ isPending: true }));
    expect(screen.getAllByTestId('notice-skeleton')).toHaveLength(SKELETON_ROWS);
    expect(SKELETON_ROWS).toBe(8);
  });

  it('lists notices, marks one read on a click and goes to its tab', async () => {
    const hold = notice({ title: 'Hold expires soon', target_page: 'my-cart:hold' });
    const api = fakeApi().on(readNotice, ({ params }) => ({
      notice: { ...hold, id: String(params.noticeId), read_at: new Date().toISOString() },
    }));
    const onNavigate = renderPopup(
      query({
        data: { notices: [hold, notice({ read_at: new Date().toISOString() })], count: 2, unseen_count: 1 },
      }),
    );
    expect(screen.getAllByText('Unread')).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: /Hold expires soon/ }));
    expect(screen.getByTestId('where').textContent).toBe(paths.myCart.href({ path: 'hold' }));
    expect(onNavigate).toHaveBeenCalled();
    await vi.waitFor(() => expect(api.callsTo(readNotice)).toHaveLength(1));
    expect(api.callsTo(readNotice)[0]?.params).toEqual({ noticeId: hold.id });
  });

  it('only logs a failed click: no message for the customer, the navigation still happens', async () => {
    const api = fakeApi().on(readNotice, offline);
    renderPopup(
      query({
        data: { notices: [notice({ target_page: 'your-orders:activeInvoices' })], count: 1, unseen_count: 0 },
      }),
    );
    fireEvent.click(screen.getByRole('link', { name: /Invoice ready/ }));
    await vi.waitFor(() => expect(api.callsTo(readNotice)).toHaveLength(1));
    expect(screen.getByTestId('where').textContent).toBe(paths.myOrders.href({ path: 'activeInvoices' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers "Mark all as read" only while something is unread', () => {
    renderPopup(
      query({ data: { notices: [notice({ read_at: '2026-01-01T00:00:00Z' })], count: 1, unseen_count: 0 } }),
    );
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says when there is nothing yet', () => {
    renderPopup(query({ data: { notices: [], count: 0, unseen_count: 0 } }));
    expect(screen.getByText(/No notifications yet/)).toBeTruthy();
  });
});
