import { afterEach, describe, expect, it, vi } from 'vitest';
import { countryByIp } from './ip-location';

const answer = (body: unknown, status = 200) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.restoreAllMocks());

describe('country by IP (outside lookup)', () => {
  it('asks json/ under the configured address and answers the country code', async () => {
    const fetchSpy = answer({ country_code: 'be' });
    expect(await countryByIp('https://geo.example/')).toBe('BE');
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('https://geo.example/json/');
  });

  it('answers null, never an error, when unconfigured, down, failing or answering nonsense', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(await countryByIp('')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await countryByIp('https://geo.example/')).toBeNull();
    answer({ error: true }, 429);
    expect(await countryByIp('https://geo.example/')).toBeNull();
    answer({ country_code: 'Belgium' });
    expect(await countryByIp('https://geo.example/')).toBeNull();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>', { status: 200 }));
    expect(await countryByIp('https://geo.example/')).toBeNull();
  });
});
