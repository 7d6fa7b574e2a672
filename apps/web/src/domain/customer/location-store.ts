import { readJson, removeItem, writeJson } from '../../lib/storage';

/** The customer's last known city and country (spec §3 "Location stored locally"). */
export const LOCATION_KEY = 'loupe.location';
/** Set once the location went out in this browser session; cleared at log-in. */
export const LOCATION_SENT_KEY = 'loupe.locationSent';

export interface CustomerLocation {
  city: string | null;
  country: string | null;
}

export function readStoredLocation(): CustomerLocation | null {
  return readJson<CustomerLocation>('local', LOCATION_KEY);
}

export function storeLocation(location: CustomerLocation): void {
  writeJson('local', LOCATION_KEY, location);
}

/** A new session sends its location again. */
export function forgetLocationSent(): void {
  removeItem('session', LOCATION_SENT_KEY);
}
