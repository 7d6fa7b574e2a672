import type { Customer } from '@loupe/contract/customers';
import { count, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { cartItems, customers, kams, profilePhotos } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { getBidToBuyEvent, getMaintenanceEnd } from '../portal/index.ts';
import { countBidToBuyStones, countNewArrivals } from '../stones/index.ts';
import { tradeShowFor } from '../trade-shows/index.ts';

/** The KAM hears of one customer's request for KYC help at most once in this time. */
export const NOTIFY_SALES_EVERY_MS = 60 * 60_000;

/**
 * A buyer as the emails to their KAM name them, with the KAM's address (null without a KAM: the
 * sales desk hears instead): the fields of a select from customers left-joined to kams.
 */
export const buyerForKam = {
  firstName: customers.firstName,
  lastName: customers.lastName,
  companyName: customers.companyName,
  email: customers.email,
  countryCode: customers.countryCode,
  phone: customers.phone,
  kamEmail: kams.email,
};

/** The current customer as spec §3 "Customer" describes it, with the portal state the shell needs. */
export async function getCustomer(db: Executor, clock: Clock, customerId: string): Promise<Customer> {
  const now = clock.now();
  const [row] = await db
    .select({ customer: customers, kam: kams, photoAt: profilePhotos.updatedAt })
    .from(customers)
    .leftJoin(kams, eq(kams.id, customers.kamId))
    .leftJoin(profilePhotos, eq(profilePhotos.customerId, customers.id))
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found.');
  const { customer: c, kam } = row;

  // Independent of each other: asked together (with a pool, at once; issue 18, the dashboard's first call).
  const [maintenanceEnd, tradeShow, newArrivalsCount, bidToBuy, cartCount] = await Promise.all([
    getMaintenanceEnd(db, now),
    tradeShowFor(db, c.id, now),
    countNewArrivals(db, now),
    getBidToBuyState(db, now),
    countCartItems(db, c.id),
  ]);

  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone: c.phone,
    country_code: c.countryCode,
    company_name: c.companyName,
    existing_user: c.existingUser,
    is_phone_verified: c.isPhoneVerified,
    is_email_verified: c.isEmailVerified,
    has_profile_photo: row.photoAt !== null,
    city: c.city,
    country: c.country,
    new_arrivals_count: newArrivalsCount,
    kyc: { status: c.kycStatus, banner_key: c.kycBannerKey ?? null },
    notifySales:
      c.notifiedSalesAt && now.getTime() - c.notifiedSalesAt.getTime() < NOTIFY_SALES_EVERY_MS
        ? 'Notified'
        : 'Available',
    kam: kam
      ? {
          kam_name: kam.name,
          post: kam.post,
          phone: kam.phone,
          email: kam.email,
          image: kam.image,
          location: kam.location,
        }
      : null,
    bid_to_buy: bidToBuy,
    trade_show: {
      show_banner: tradeShow !== null,
      id: tradeShow?.id ?? null,
      name: tradeShow?.name ?? null,
      web_image: { flag_image: tradeShow?.flagImage ?? null },
    },
    maintenance_mode: { end_date: maintenanceEnd?.toISOString() ?? null },
    main_tour_status: c.mainTourStatus,
    cart: { count: cartCount },
    created_at: c.createdAt.toISOString(),
  };
}

async function countCartItems(db: Database, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return row?.n ?? 0;
}

/**
 * The pins' `bid_to_buy`: `starts_at` is the start of the running or else the next event, `count`
 * the stones open for bidding now (status BidToBuy while an event runs; 0 before the start), and
 * `endTime` the running event's end.
 */
async function getBidToBuyState(db: Database, now: Date): Promise<Customer['bid_to_buy']> {
  const { running, next } = await getBidToBuyEvent(db, now);
  if (running) {
    return {
      starts_at: running.startsAt.toISOString(),
      count: await countBidToBuyStones(db),
      endTime: running.endsAt.toISOString(),
    };
  }
  if (next) return { starts_at: next.startsAt.toISOString(), count: 0, endTime: null };
  return { starts_at: null, count: 0, endTime: null };
}
