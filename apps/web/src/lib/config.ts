/**
 * Build-time settings. Vite inlines `import.meta.env.VITE_*` values; everything has a safe default
 * so the app runs without any configuration.
 */
const env = import.meta.env;

/** Store pages offered by the mobile alert. Placeholders until the apps are published. */
export const APP_STORE_URL: string =
  env.VITE_APP_STORE_URL ?? 'https://apps.apple.com/app/loupe-diamonds/id0000000000';
export const PLAY_STORE_URL: string =
  env.VITE_PLAY_STORE_URL ?? 'https://play.google.com/store/apps/details?id=com.loupediamonds.app';

/**
 * Reverse geocoding endpoint (Nominatim-compatible: `?lat=&lon=&format=json` answering
 * `{address: {city|town|village|state, country}}`). Empty: no location lookup, city and country
 * are sent as null (spec §8 "Location").
 */
export const GEOCODE_URL: string = env.VITE_GEOCODE_URL ?? '';

/**
 * IP-location lookup (spec §7 "GET json/", ipapi.co-compatible: answers `{country_code: "BE"}`),
 * used to preselect the country on the registration form. Empty: no lookup, the form's default.
 */
export const IP_LOCATION_URL: string = env.VITE_IP_LOCATION_URL ?? '';

/** An outside lookup that has not answered by then is given up: the page never waits on it. */
export const OUTSIDE_LOOKUP_TIMEOUT_MS = 3000;

/** Where customers write when nobody else can help (shown when no KAM is assigned yet). */
export const SUPPORT_EMAIL = 'support@loupe-diamonds.example';

/** Toasts and "Copied Successfully" confirmations stay this long (spec §9). */
export const TOAST_DURATION_MS = 4000;

/** A screen narrower than this gets the mobile alert (spec §5). */
export const MOBILE_MAX_WIDTH = 1024;

/** A code can be asked for again after this many seconds (domain-facts §12). */
export const OTP_RESEND_SECONDS = 60;
