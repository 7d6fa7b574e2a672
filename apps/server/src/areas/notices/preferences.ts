import type { NotificationPreferences } from '@loupe/contract/notices';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { notificationPreferences } from '../../platform/db/schema/index.ts';

/** Until a customer says otherwise they hear of everything, everywhere. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  type: 'All',
  platforms: { web: true, mobile: true, email: true },
};

export async function findPreferences(db: Database, customerId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.customerId, customerId));
  if (!row) return DEFAULT_PREFERENCES;
  return { type: row.type, platforms: { web: row.web, mobile: row.mobile, email: row.email } };
}

export async function updatePreferences(
  db: Database,
  clock: Clock,
  customerId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const values = {
    type: preferences.type,
    web: preferences.platforms.web,
    mobile: preferences.platforms.mobile,
    email: preferences.platforms.email,
    updatedAt: clock.now(),
  };
  await db
    .insert(notificationPreferences)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.customerId, set: values });
  return findPreferences(db, customerId);
}
