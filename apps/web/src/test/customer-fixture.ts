import type { Customer } from '@loupe/contract/customers';

/** A KYC-approved customer with a KAM, new arrivals and a running bid-to-buy event. */
export function buildCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cus_01',
    first_name: 'Anita',
    last_name: 'Shah',
    email: 'buyer@loupe.test',
    phone: '9820012345',
    country_code: '91',
    company_name: 'Shah Gems LLP',
    existing_user: false,
    notifySales: 'Available',
    is_phone_verified: true,
    is_email_verified: true,
    has_profile_photo: false,
    city: 'Mumbai',
    country: 'India',
    new_arrivals_count: 42,
    kyc: { status: 'approved', banner_key: null },
    kam: {
      kam_name: 'Ananya Iyer',
      post: 'Senior Key Account Manager',
      phone: '+32 3 555 0142',
      email: 'ananya.iyer@loupe-diamonds.example',
      image: null,
      location: 'BEL',
    },
    bid_to_buy: { starts_at: '2026-03-07T18:00:00.000Z', count: 120, endTime: '2026-03-14T18:00:00.000Z' },
    trade_show: { show_banner: false, id: null, name: null, web_image: { flag_image: null } },
    cart: { count: 0 },
    maintenance_mode: { end_date: null },
    main_tour_status: 'completed',
    created_at: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}
