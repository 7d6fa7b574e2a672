import { getTourGuide, noFeatureViews, type TourState, updateTourGuide } from '@loupe/contract/tour';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { log } from '../../../lib/log';
import { buildCustomer } from '../../../test/customer-fixture';
import { fail, fakeApi } from '../../../test/fake-api';
import { RestartTooltip } from './restart-tooltip';
import { useTour } from './tour-context';
import { TourProvider } from './tour-provider';

const guide = (status: TourState['main_tour_status']): TourState => ({
  main_tour_status: status,
  feature_views: noFeatureViews(),
});

/** The help menu's part of the tour: the tooltip after "Do it later". */
function Tooltip() {
  const { state, dispatch } = useTour();
  return state.restartTooltip ? (
    <RestartTooltip approved onSeen={() => dispatch({ type: 'restart-tooltip-seen' })} />
  ) : null;
}

function renderTour(path = paths.dashboard.href(), customer = buildCustomer()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <TourProvider customer={customer}>
          <Tooltip />
        </TourProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('[TOUR] the tour in the shell', () => {
  it('greets a not_started customer by name; Do it later saves ignored and shows the tooltip', async () => {
    const api = fakeApi().on(getTourGuide, guide('not_started')).on(updateTourGuide, guide('ignored'));
    renderTour(paths.dashboard.href(), buildCustomer({ first_name: 'Jan', last_name: 'Peeters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Loupe, Jan Peeters!' });
    expect(dialog.textContent).toContain('Would you like to start a tour?');
    fireEvent.click(screen.getByRole('button', { name: 'Do it later' }));
    await waitFor(() => expect(api.callsTo(updateTourGuide)).toHaveLength(1));
    expect(api.callsTo(updateTourGuide)[0]).toMatchObject({
      query: { module: 'main_tour_status', mode: 'web' },
      body: { main_tour_status: 'ignored' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the status locally when the tour API fails, and logs the failure', async () => {
    const warn = vi.spyOn(log, 'warn');
    fakeApi()
      .on(getTourGuide, guide('not_started'))
      .on(updateTourGuide, fail('INTERNAL', 'Something went wrong'));
    renderTour();
    fireEvent.click(await screen.findByRole('button', { name: 'Do it later' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Tour status not saved: Something went wrong'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Take the tour');
    warn.mockRestore();
  });

  it('shows no dialog away from the dashboard', async () => {
    const api = fakeApi().on(getTourGuide, guide('not_started'));
    renderTour(paths.myCart.href());
    await waitFor(() => expect(api.callsTo(getTourGuide)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
