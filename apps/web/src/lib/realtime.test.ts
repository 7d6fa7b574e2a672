import { BIDDING_NAMESPACE } from '@loupe/contract/realtime';
import { afterEach, describe, expect, it } from 'vitest';
import { realtimeSocket } from './realtime';

const sockets: { disconnect(): void }[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe('realtime sockets typed by the contract', () => {
  it('opens one connection per session for both namespaces, each with its own events', () => {
    const notices = realtimeSocket('session-token');
    const bidding = realtimeSocket('session-token', BIDDING_NAMESPACE);
    sockets.push(notices, bidding);
    expect(bidding.io).toBe(notices.io);

    // What each namespace takes is the contract's (npm run typecheck checks these lines).
    notices.on('notification', (event) => event.change);
    bidding.on('bid_placed', (placed) => placed.bid_value);
    bidding.emit('place_bid', { product_id: '00000000-0000-4000-8000-000000000000', bid_value: 1.25 });
    // @ts-expect-error the notices namespace takes nothing from the client
    notices.emit('place_bid', { product_id: 'x', bid_value: 1 });
    // @ts-expect-error a bid carries product_id and bid_value
    bidding.emit('place_bid', { product: 'x' });
    // @ts-expect-error the server sends no such event on /bidding
    bidding.on('notification', () => {});
  });

  it('opens a new connection for a new session token', () => {
    const first = realtimeSocket('token-a');
    const second = realtimeSocket('token-b');
    sockets.push(first, second);
    expect(second.io).not.toBe(first.io);
  });
});
