/** Query keys, one factory per area (medusa's dashboard style). */
export const customerKeys = {
  all: ['customers'] as const,
  me: () => [...customerKeys.all, 'me'] as const,
  photo: (size: 32 | 128) => [...customerKeys.all, 'photo', size] as const,
};

export const authKeys = {
  all: ['auth'] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
};

export const publicDataKeys = {
  all: ['public'] as const,
  referralCodes: () => [...publicDataKeys.all, 'sales-person-referral-codes'] as const,
};
