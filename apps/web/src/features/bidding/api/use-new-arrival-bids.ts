import type { BidError, BidPlaced, BidStones, BidStonesChanged } from '@loupe/contract/bidding';
import { BIDDING_NAMESPACE } from '@loupe/contract/realtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtimeSocket } from '../../../lib/realtime';
import { HeldNews, withStoneNews } from './stone-news';

export interface NewArrivalBids {
  /** The latest `bid_stones`; null until the first arrives. */
  view: BidStones | null;
  /** A refusal of the view itself (KYC_REQUIRED …). */
  error: BidError | null;
  connected: boolean;
  /** Places or raises my bid; resolves on `bid_placed`, rejects with the server's `{code, message}`. */
  placeBid(productId: string, value: number): Promise<BidPlaced>;
  cancelBids(productIds: string[]): void;
}

/**
 * The new arrivals' live bidding over `/bidding` (pins): asks for the view on every (re)connect and
 * keeps the latest one the server pushes after every bid, cancel and close. A stone's news
 * (`bid_stones_changed`) changes the view held at once; the views after it show it too while they
 * may be older than it (`HeldNews`, decision 045). Bids are answered in order, so each place waits
 * for the next `bid_placed` or `error`.
 */
export function useNewArrivalBids(token: string | null): NewArrivalBids {
  const [view, setView] = useState<BidStones | null>(null);
  const [error, setError] = useState<BidError | null>(null);
  const [connected, setConnected] = useState(false);
  const pending = useRef<{ resolve: (p: BidPlaced) => void; reject: (e: BidError) => void }[]>([]);
  const socketRef = useRef<ReturnType<typeof realtimeSocket> | null>(null);

  useEffect(() => {
    if (!token) return;
    const socket = realtimeSocket(token, BIDDING_NAMESPACE);
    socketRef.current = socket;
    const held = new HeldNews();
    const onConnect = () => {
      setConnected(true);
      socket.emit('get_bid_stones');
    };
    const onDisconnect = () => setConnected(false);
    const onView = (next: BidStones) => {
      setError(null);
      setView(held.onto(next));
    };
    const onNews = (news: BidStonesChanged) => {
      held.hear(news);
      setView((current) => current && withStoneNews(current, [news]));
    };
    const onPlaced = (placed: BidPlaced) => pending.current.shift()?.resolve(placed);
    const onError = (refusal: BidError) => {
      const waiting = pending.current.shift();
      if (waiting) waiting.reject(refusal);
      else setError(refusal);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('bid_stones', onView);
    socket.on('bid_stones_changed', onNews);
    socket.on('bid_placed', onPlaced);
    socket.on('error', onError);
    socket.connect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('bid_stones', onView);
      socket.off('bid_stones_changed', onNews);
      socket.off('bid_placed', onPlaced);
      socket.off('error', onError);
      socket.disconnect();
      socketRef.current = null;
      for (const waiting of pending.current.splice(0)) {
        waiting.reject({
          code: 'DISCONNECTED',
          message: 'The connection closed before the bid was confirmed.',
        });
      }
    };
  }, [token]);

  const placeBid = useCallback(
    (productId: string, value: number) =>
      new Promise<BidPlaced>((resolve, reject) => {
        const socket = socketRef.current;
        if (!socket?.connected) {
          reject({
            code: 'DISCONNECTED',
            message: 'No connection to the bidding service. Please try again.',
          });
          return;
        }
        pending.current.push({ resolve, reject });
        socket.emit('place_bid', { product_id: productId, bid_value: value });
      }),
    [],
  );
  const cancelBids = useCallback((productIds: string[]) => {
    socketRef.current?.emit('cancel_bid', { product_ids: productIds });
  }, []);

  return { view, error, connected, placeBid, cancelBids };
}
