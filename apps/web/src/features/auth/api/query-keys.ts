/** Query keys of the auth area (medusa's dashboard style: one factory per area). */
export const authKeys = {
  all: ['auth'] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
  /** The public list of sales people a visitor can name when registering. */
  referralCodes: () => [...authKeys.all, 'sales-person-referral-codes'] as const,
};
