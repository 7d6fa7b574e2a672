import { eq, sql } from 'drizzle-orm';
import { getBidToBuyEvent, planBidToBuyEvent } from '../../areas/portal/index.ts';
import { createTradeShow, currentTradeShow } from '../../areas/trade-shows/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, kams } from '../../platform/db/schema/index.ts';
import { seedDemoAppointments } from './demo-appointments.ts';
import { seedDemoLayouts } from './demo-layouts.ts';
import { seedDemoNotices } from './demo-notices.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoSavedSearches } from './demo-saved-searches.ts';
import { seedDemoStock } from './demo-stock.ts';
import { type CustomerInput, createCustomer, createKam, type KamInput } from './factories.ts';

const demoKams = {
  mumbai: {
    name: 'Ananya Iyer',
    post: 'Senior Key Account Manager',
    phone: '+91 98200 41122',
    email: 'ananya.iyer@loupe.test',
    image: '/images/kams/ananya-iyer.svg',
    location: 'IND',
  },
  antwerp: {
    name: 'Pieter De Smet',
    post: 'Key Account Manager',
    phone: '+32 3 555 0182',
    email: 'pieter.desmet@loupe.test',
    image: null,
    location: 'BEL',
  },
  dubai: {
    name: 'Layla Haddad',
    post: 'Key Account Manager',
    phone: '+971 4 555 0147',
    email: 'layla.haddad@loupe.test',
    image: null,
    location: 'DUB',
  },
  newYork: {
    name: 'Rachel Goldberg',
    post: 'Key Account Manager',
    phone: '+1 212 555 0134',
    email: 'rachel.goldberg@loupe.test',
    image: null,
    location: 'USA',
  },
  ramatGan: {
    name: 'Eitan Shapiro',
    post: 'Key Account Manager',
    phone: '+972 3 555 0119',
    email: 'eitan.shapiro@loupe.test',
    image: null,
    location: 'ISR',
  },
} satisfies Record<string, KamInput>;

const completedFeatureViews = {
  dashboard: { search_stone_id: true, new_arrivals_bids: true, bid_to_buy_bids: true },
  bid_to_buy: { apply_bid: true, update_bid: true },
  new_arrivals: { apply_bid: true, update_bid: true },
  match_pair_search: { see_details: true },
};

/** The four demo accounts of the pins, each with a KAM. */
function demoCustomers(kamIds: Record<keyof typeof demoKams, string>): CustomerInput[] {
  return [
    {
      email: 'buyer@loupe.test',
      firstName: 'Riya',
      lastName: 'Shah',
      companyName: 'Shah Fine Jewels',
      countryCode: '91',
      phone: '9820012345',
      countryIso2Code: 'IN',
      kycStatus: 'approved',
      kamId: kamIds.mumbai,
      mainTourStatus: 'completed',
      featureViews: completedFeatureViews,
      tradeShowBanner: true,
      city: 'Mumbai',
      country: 'India',
    },
    {
      email: 'fresh@loupe.test',
      firstName: 'Jan',
      lastName: 'Peeters',
      companyName: 'Peeters Diamonds BV',
      countryCode: '32',
      phone: '478123456',
      countryIso2Code: 'BE',
      kycStatus: 'approved',
      kamId: kamIds.antwerp,
      mainTourStatus: 'not_started',
    },
    {
      email: 'new@loupe.test',
      firstName: 'Maya',
      lastName: 'Cohen',
      companyName: 'Cohen & Daughters',
      countryCode: '1',
      phone: '2125550199',
      countryIso2Code: 'US',
      kycStatus: 'not_started',
      kamId: kamIds.newYork,
      mainTourStatus: 'not_started',
      existingUser: false,
    },
    {
      email: 'existing@loupe.test',
      firstName: 'Omar',
      lastName: 'Farouk',
      companyName: 'Farouk Gems LLC',
      countryCode: '971',
      phone: '501234567',
      countryIso2Code: 'AE',
      kycStatus: 'pending',
      kycBannerKey: 'online-under-review',
      kamId: kamIds.dubai,
      mainTourStatus: 'not_started',
      existingUser: true,
      // The sales team hid the trade shows from this account (`trade-show off`).
      tradeShowBanner: false,
    },
  ];
}

export interface DemoOptions {
  /** Generated stones to stock on the first start (SEED_STONES); tests seed none unless they ask. */
  stones?: number;
  /** Where the seed says what it is doing (the server's start prints it). */
  say?: (line: string) => void;
}

/** Idempotent: adds what is missing, never duplicates, and keeps a bid-to-buy event open. */
export async function seedDemo(db: Database, clock: Clock, options: DemoOptions = {}) {
  // Stock first: whatever else the demo holds (carts, orders) may point at stones.
  await seedDemoStock(db, clock, options.stones ?? 0, options.say);
  const kamIds = {} as Record<keyof typeof demoKams, string>;
  for (const [key, kam] of Object.entries(demoKams) as [keyof typeof demoKams, KamInput][]) {
    const [existing] = await db.select({ id: kams.id }).from(kams).where(eq(kams.email, kam.email!));
    kamIds[key] = existing?.id ?? (await createKam(db, kam)).id;
  }

  for (const input of demoCustomers(kamIds)) {
    const [existing] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.email}) = ${input.email!}`);
    if (!existing) await createCustomer(db, input);
  }
  await seedDemoNotices(db, clock);
  await seedDemoOrders(db, clock);
  await seedDemoSavedSearches(db, clock);
  await seedDemoLayouts(db);
  // After the carts and orders: the visit's stones are ones still Available.
  await seedDemoAppointments(db, clock);

  const now = clock.now();
  if (!(await currentTradeShow(db, now))) {
    // The next show opens in ten days, so the banner and /v2/trade-show always have one to show.
    const opens = new Date(Math.floor(now.getTime() / 86_400_000 + 10) * 86_400_000 + 17 * 3_600_000);
    await createTradeShow(db, clock, {
      name: 'JCK Las Vegas',
      city: 'Las Vegas',
      startsAt: opens,
      endsAt: new Date(opens.getTime() + 4 * 86_400_000 - 9 * 3_600_000),
      flagImage: '/images/flags/us.svg',
      booth: 'B-4127',
      location: 'USA',
    });
  }
  const { running } = await getBidToBuyEvent(db, now);
  if (!running) {
    const month = now.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await planBidToBuyEvent(db, {
      name: `Bid to Buy ${month}`,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 6 * 86_400_000),
      stoneCount: 120,
    });
  }
}
