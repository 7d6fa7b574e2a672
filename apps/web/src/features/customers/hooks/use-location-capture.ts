import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCustomer } from '../../../domain/customer/customer-cache';
import {
  type CustomerLocation,
  LOCATION_SENT_KEY,
  storeLocation,
} from '../../../domain/customer/location-store';
import { GEOCODE_URL, OUTSIDE_LOOKUP_TIMEOUT_MS } from '../../../lib/config';
import { log } from '../../../lib/log';
import { readItem, writeItem } from '../../../lib/storage';
import { updateCustomer } from '../api/update-customer';

const NO_LOCATION: CustomerLocation = { city: null, country: null };

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Geolocation is not supported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 10_000, maximumAge: 600_000 });
  });
}

interface GeocodeAnswer {
  address?: { city?: string; town?: string; village?: string; state?: string; country?: string };
}

/** Reverse geocoding at GEOCODE_URL; any failure gives an empty location (spec §8 "Location"). */
export async function locateCustomer(geocodeUrl: string = GEOCODE_URL): Promise<CustomerLocation> {
  if (!geocodeUrl) return NO_LOCATION;
  try {
    const { coords } = await currentPosition();
    const url = new URL(geocodeUrl, window.location.origin);
    url.searchParams.set('lat', String(coords.latitude));
    url.searchParams.set('lon', String(coords.longitude));
    url.searchParams.set('format', 'json');
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(OUTSIDE_LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) return NO_LOCATION;
    const { address } = (await response.json()) as GeocodeAnswer;
    const city = address?.city ?? address?.town ?? address?.village ?? address?.state ?? null;
    return { city: city || null, country: address?.country || null };
  } catch (error) {
    log.info('Location not available', error);
    return NO_LOCATION;
  }
}

/** Once per session after log-in: find the city and country and send them with the customer update. */
export function useLocationCapture(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The flag is set before the work starts, so a re-run of the effect never sends twice.
    if (!enabled || readItem('session', LOCATION_SENT_KEY) === 'true') return;
    writeItem('session', LOCATION_SENT_KEY, 'true');
    void (async () => {
      const location = await locateCustomer();
      storeLocation(location);
      try {
        const customer = await updateCustomer(location);
        setCustomer(queryClient, customer);
      } catch (error) {
        log.warn('Could not send the location', error);
      }
    })();
  }, [enabled, queryClient]);
}
