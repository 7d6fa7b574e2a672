import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import { markStones, onStonesChanged, refreshStones, SHOWS_STONES } from './stones-on-screen';

function clientWith(queries: Record<string, unknown>, showsStones: string[]) {
  const client = new QueryClient();
  for (const key of showsStones) client.setQueryDefaults([key], { meta: SHOWS_STONES });
  for (const [key, data] of Object.entries(queries)) client.setQueryData([key], data);
  return client;
}

describe('stones on screen', () => {
  const a = buildStone({ lot_id: 'LD-A' });
  const b = buildStone({ lot_id: 'LD-B' });

  it('marks a stone put in the cart in every list that shows it, whatever its shape', () => {
    const client = clientWith({ result: { count: 2, stones: [a, b] }, detail: [a], cart: { items: [] } }, [
      'result',
      'detail',
      'cart',
    ]);
    markStones(client, [a.id], { in_cart: true });
    expect(client.getQueryData<{ stones: (typeof a)[] }>(['result'])?.stones.map((s) => s.in_cart)).toEqual([
      true,
      false,
    ]);
    expect(client.getQueryData<(typeof a)[]>(['detail'])?.[0]?.in_cart).toBe(true);
    expect(client.getQueryData(['cart'])).toEqual({ items: [] });
  });

  it('leaves lists that do not show the stone, and queries that show no stones, as they were', () => {
    const client = clientWith({ other: [b], notices: [a] }, ['other']);
    const before = client.getQueryState(['other'])?.dataUpdatedAt;
    markStones(client, [a.id], { in_cart: true });
    expect(client.getQueryState(['other'])?.dataUpdatedAt).toBe(before);
    expect(client.getQueryData<(typeof a)[]>(['notices'])?.[0]?.in_cart).toBe(false);
  });

  it('tells the lists kept outside the query cache', () => {
    const listener = vi.fn();
    const stop = onStonesChanged(listener);
    markStones(new QueryClient(), [a.id], { diamond_status: 'Sold' });
    stop();
    markStones(new QueryClient(), [b.id], { diamond_status: 'Sold' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(new Set([a.id]), { diamond_status: 'Sold' });
  });

  it('asks again for every query that shows stones, and only those', async () => {
    const client = clientWith({ result: [a], notices: [] }, ['result']);
    await refreshStones(client);
    expect(client.getQueryState(['result'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['notices'])?.isInvalidated).toBe(false);
  });
});
