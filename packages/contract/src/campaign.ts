import { z } from 'zod';

/** The `utm_*` names kept from a campaign link (local storage `campaign-tracking`, pins). */
export const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
] as const;

/** The campaign a visitor came from, sent with the registration. */
export const campaignData = z
  .object(
    Object.fromEntries(UTM_KEYS.map((key) => [key, z.string().trim().min(1).max(200).optional()])) as {
      [K in (typeof UTM_KEYS)[number]]: z.ZodOptional<z.ZodString>;
    },
  )
  .strict();
