import { z } from 'zod';
import { campaignData } from './campaign.ts';
import { countryCode, email, newPassword, personName, phone } from './fields.ts';
import { route } from './route.ts';

export const kycStatus = z.enum(['not_started', 'inprogress', 'pending', 'approved', 'rejected']);

export type KycStatus = z.infer<typeof kycStatus>;

export const kycBannerKey = z.enum([
  'online-under-inprogress',
  'online-under-review',
  'offline-under-inprogress',
  'offline-under-review',
  'email-under-inprogress',
  'email-under-review',
]);

export const mainTourStatus = z.enum(['not_started', 'ignored', 'pre_kyc_completed', 'completed']);

export const kam = z
  .object({
    kam_name: z.string(),
    post: z.string(),
    phone: z.string(),
    email: z.string(),
    /** Photo URL, or null when the KAM has none (the UI shows initials). */
    image: z.string().nullable(),
    /** Where the KAM sits, a stock location code (BEL, DUB, IND, ISR, USA). */
    location: z.string(),
  })
  .meta({ id: 'Kam' });

export type Kam = z.infer<typeof kam>;

/** The current customer, with every field of spec §3 "Customer". */
export const customer = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    country_code: z.string(),
    company_name: z.string(),
    existing_user: z.boolean(),
    is_phone_verified: z.boolean(),
    is_email_verified: z.boolean(),
    has_profile_photo: z.boolean(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    new_arrivals_count: z.number().int(),
    kyc: z.object({ status: kycStatus, banner_key: kycBannerKey.nullable() }),
    /** "Notified" for an hour after Notify Sales (the button then reads "Notified Sales"). */
    notifySales: z.enum(['Available', 'Notified']),
    kam: kam.nullable(),
    bid_to_buy: z.object({
      /** Set while the next event has not started yet. */
      starts_at: z.string().nullable(),
      count: z.number().int(),
      endTime: z.string().nullable(),
    }),
    /** The trade show the customer may visit (upcoming or running): the side bar entry and banner. */
    trade_show: z.object({
      show_banner: z.boolean(),
      id: z.string().nullable(),
      name: z.string().nullable(),
      web_image: z.object({ flag_image: z.string().nullable() }),
    }),
    maintenance_mode: z.object({ end_date: z.string().nullable() }),
    main_tour_status: mainTourStatus,
    /** Stones in the cart, every tab (the dashboard's My Cart card). */
    cart: z.object({ count: z.number().int() }),
    created_at: z.string(),
  })
  .meta({ id: 'Customer' });

export type Customer = z.infer<typeof customer>;

export const getMe = route({
  method: 'GET',
  path: '/store/customers/me',
  summary: 'The current customer',
  tag: 'customers',
  auth: true,
  status: 200,
  response: z.object({ customer }),
});

export const updateMe = route({
  method: 'POST',
  path: '/store/customers/me',
  summary: 'Update the location and profile fields of the current customer',
  tag: 'customers',
  auth: true,
  body: z
    .object({
      city: z.string().trim().max(120).nullable(),
      country: z.string().trim().max(120).nullable(),
      first_name: personName,
      last_name: personName,
      company_name: z.string().trim().min(1).max(140),
    })
    .partial()
    .strict(),
  status: 200,
  response: z.object({ customer }),
});

export const profilePhotoSize = z.union([z.literal(32), z.literal(128)]);

export const getProfilePhoto = route({
  method: 'GET',
  path: '/store/customers/me/profile-photo',
  summary: 'The profile photo as a square PNG (404 when none)',
  tag: 'customers',
  auth: true,
  query: z.object({ size: z.coerce.number().pipe(profilePhotoSize).default(32) }),
  status: 200,
});

/** The largest profile photo (domain-facts §9). */
export const PROFILE_PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/** Multipart upload, form field `profile`; PNG, JPEG or SVG up to 20 MB (domain-facts §9). */
export const uploadProfilePhoto = route({
  method: 'POST',
  path: '/store/customers/me/profile-photo',
  summary: 'Upload the profile photo (multipart field "profile")',
  tag: 'customers',
  auth: true,
  upload: {
    field: 'profile',
    maxBytes: PROFILE_PHOTO_MAX_BYTES,
    types: ['image/png', 'image/jpeg', 'image/svg+xml'],
  },
  status: 204,
});

export const deleteProfilePhoto = route({
  method: 'DELETE',
  path: '/store/customers/me/profile-photo',
  summary: 'Remove the profile photo',
  tag: 'customers',
  auth: true,
  status: 204,
});

export const registerBody = z
  .object({
    first_name: personName,
    last_name: personName,
    email,
    password: newPassword,
    country_code: countryCode,
    phone,
    company_name: z.string().trim().min(1, 'Required').max(140),
    country_iso2_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Pick a country'),
    referral_code: z.string().trim().max(10).nullable().optional(),
    /** The campaign link the visitor arrived by, while it is kept (3 hours). */
    utm: campaignData.optional(),
  })
  .strict();

export const register = route({
  method: 'POST',
  path: '/store/customers',
  summary: 'Register a customer; the phone is verified by SMS code next',
  tag: 'customers',
  auth: false,
  body: registerBody,
  status: 201,
  response: z.object({
    customer: z.object({
      id: z.string(),
      email: z.string(),
      phone: z.string(),
      country_code: z.string(),
      is_phone_verified: z.boolean(),
    }),
  }),
});

export const notifySales = route({
  method: 'POST',
  path: '/store/customers/notify-sales',
  summary: 'Ask the sales team to help with KYC',
  tag: 'customers',
  auth: true,
  status: 204,
});

/** A customer the sales team names by email (any case). */
const operatorCustomerParams = z.object({ email: z.string().trim().min(3).max(254) });

/** `npm run admin -- trade-show on|off`: whether one customer may visit the trade shows (on by default). */
export const setTradeShowEntry = route({
  method: 'PUT',
  path: '/operator/customers/:email/trade-show',
  summary: 'Show or hide the trade shows (entry, banner, page and export) to one customer (operator)',
  tag: 'operator',
  auth: 'operator',
  params: operatorCustomerParams,
  body: z.object({ on: z.boolean() }),
  status: 200,
  response: z.object({ email: z.string(), on: z.boolean() }),
});

/**
 * Outside production only: a customer removed with everything theirs (sessions, cart, orders,
 * saved searches, notices, KYC), as the end-to-end tests clean up the customers they made.
 */
export const removeTestCustomer = route({
  method: 'DELETE',
  path: '/__dev/customers/:email',
  summary: 'Remove a customer and everything theirs (not in production; operator)',
  tag: 'operator',
  auth: 'operator',
  params: operatorCustomerParams,
  status: 204,
});
