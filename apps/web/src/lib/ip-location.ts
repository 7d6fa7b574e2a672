import { IP_LOCATION_URL, OUTSIDE_LOOKUP_TIMEOUT_MS } from './config';
import { log } from './log';

/**
 * The visitor's country (ISO 3166-1 alpha-2) by IP address, from the lookup at IP_LOCATION_URL
 * (spec §7). Unconfigured, down, slow or answering nonsense: null, never an error.
 */
export async function countryByIp(lookupUrl: string = IP_LOCATION_URL): Promise<string | null> {
  if (!lookupUrl) return null;
  try {
    const url = new URL('json/', new URL(lookupUrl, window.location.origin));
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(OUTSIDE_LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { country_code?: unknown; country?: unknown };
    const code = typeof answer.country_code === 'string' ? answer.country_code : answer.country;
    return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
  } catch (error) {
    log.info('IP location not available', error);
    return null;
  }
}
