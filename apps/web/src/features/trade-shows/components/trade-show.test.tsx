import {
  listMeetingRequests,
  type MeetingRequest,
  requestMeeting,
  type TradeShow,
} from '@loupe/contract/trade-shows';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi } from '../../../test/fake-api';
import { lotsOf, MeetingRequestForm } from './meeting-request-form';
import { MyMeetingRequests } from './my-meeting-requests';
import { TradeShowBanner } from './trade-show-banner';

const SHOW: TradeShow = {
  id: '6a0f7a1e-3c1b-4b8e-9f5d-1b2c3d4e5f60',
  name: 'JCK Las Vegas',
  city: 'Las Vegas',
  starts_at: '2027-06-05T17:00:00.000Z',
  ends_at: '2027-06-09T01:00:00.000Z',
  booth: 'B-4127',
  flag_image: '/images/flags/us.svg',
  location: 'USA',
  status: 'upcoming',
};

const REQUEST: MeetingRequest = {
  id: 'r1',
  trade_show: {
    id: SHOW.id,
    name: SHOW.name,
    city: SHOW.city,
    starts_at: SHOW.starts_at,
    ends_at: SHOW.ends_at,
  },
  stones: ['LD-7001'],
  comment: 'Tuesday afternoon',
  created_at: '2027-05-01T10:00:00.000Z',
};

function renderWith(children: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('[TRADE SHOW] banner', () => {
  it('shows the show while show_banner is on, and stays closed for this show once closed', () => {
    const tradeShow = {
      show_banner: true,
      id: SHOW.id,
      name: SHOW.name,
      web_image: { flag_image: SHOW.flag_image },
    };
    renderWith(<TradeShowBanner tradeShow={tradeShow} />);
    const banner = screen.getByRole('complementary', { name: 'Trade show' });
    expect(banner.textContent).toContain('Meet us at JCK Las Vegas.');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/v2/trade-show');
    fireEvent.click(within(banner).getByRole('button', { name: 'Close the trade show banner' }));
    expect(screen.queryByRole('complementary', { name: 'Trade show' })).toBeNull();
  });

  it('is not there while show_banner is off', () => {
    renderWith(
      <TradeShowBanner
        tradeShow={{ show_banner: false, id: null, name: null, web_image: { flag_image: null } }}
      />,
    );
    expect(screen.queryByRole('complementary', { name: 'Trade show' })).toBeNull();
  });
});

describe('[TRADE SHOW] meeting requests', () => {
  it('reads stock numbers separated by spaces, commas or lines, each once', () => {
    expect(lotsOf(' LD-1, LD-2\nLD-1;LD-3 ')).toEqual(['LD-1', 'LD-2', 'LD-3']);
    expect(lotsOf('')).toEqual([]);
  });

  it('sends the stones and comment, and puts a refusal on the stones field', async () => {
    const api = fakeApi();
    api.once(
      requestMeeting,
      fail('VALIDATION_FAILED', 'These stones are not in our stock: NOPE.', [
        { path: 'stones', message: 'Not in stock: NOPE' },
      ]),
    );
    api.once(requestMeeting, { request: REQUEST });
    api.on(listMeetingRequests, { requests: [] });
    renderWith(<MeetingRequestForm show={SHOW} />);
    fireEvent.change(screen.getByLabelText('Stones to see'), { target: { value: 'LD-7001 NOPE' } });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: ' Tuesday afternoon ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Meeting' }));
    expect(await screen.findByText('Not in stock: NOPE')).toBeTruthy();
    expect(api.callsTo(requestMeeting)[0]?.body).toEqual({
      trade_show_id: SHOW.id,
      stones: ['LD-7001', 'NOPE'],
      comment: 'Tuesday afternoon',
    });

    fireEvent.change(screen.getByLabelText('Stones to see'), { target: { value: 'LD-7001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Meeting' }));
    await waitFor(() => expect(api.callsTo(requestMeeting)).toHaveLength(2));
    await waitFor(() =>
      expect((screen.getByLabelText('Stones to see') as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('lists the requests I made', async () => {
    fakeApi().on(listMeetingRequests, { requests: [REQUEST] });
    renderWith(<MyMeetingRequests />);
    const list = await screen.findByRole('list', { name: 'My meeting requests' });
    expect(list.textContent).toContain('JCK Las Vegas');
    expect(list.textContent).toContain('Stones: LD-7001');
    expect(list.textContent).toContain('Tuesday afternoon');
  });
});
