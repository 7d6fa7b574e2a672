import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { profilePhotos } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Log } from '../../platform/log.ts';
import type { Storage } from '../../platform/storage/storage.ts';

type PhotoSize = 32 | 128;
const SIZES: readonly PhotoSize[] = [32, 128];

/** Where a customer's photo at one size is kept in storage. */
export function profilePhotoKey(customerId: string, size: PhotoSize) {
  return `customers/${customerId}/profile-photo-${size}.png`;
}

/** Stores the photo as square PNGs at the two sizes the screens show. */
export async function saveProfilePhoto(
  db: Database,
  clock: Clock,
  storage: Storage,
  customerId: string,
  /** A PNG, JPEG or SVG by its content (the route's contract checked it). */
  file: { bytes: Buffer },
) {
  let image32: Buffer;
  let image128: Buffer;
  // sharp is slow to load: the server loads it on the first upload, not at start.
  const { default: sharp } = await import('sharp');
  try {
    const square = (size: number) =>
      sharp(file.bytes, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(size, size, { fit: 'cover' })
        .png()
        .toBuffer();
    [image32, image128] = await Promise.all([square(32), square(128)]);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'This file is not a readable image.');
  }
  // The files first, then the row that says there is a photo: a failure between the two leaves
  // at worst a file nobody points at, never a row without its files.
  await storage.put(profilePhotoKey(customerId, 32), image32, { contentType: 'image/png' });
  await storage.put(profilePhotoKey(customerId, 128), image128, { contentType: 'image/png' });
  const updatedAt = clock.now();
  await db
    .insert(profilePhotos)
    .values({ customerId, updatedAt })
    .onConflictDoUpdate({ target: profilePhotos.customerId, set: { updatedAt } });
}

export async function getProfilePhoto(db: Database, storage: Storage, customerId: string, size: PhotoSize) {
  const [photo] = await db
    .select()
    .from(profilePhotos)
    .where(eq(profilePhotos.customerId, customerId))
    .limit(1);
  if (!photo) throw new AppError('NOT_FOUND', 'No profile photo.');
  const image = await storage.getBytes(profilePhotoKey(customerId, size));
  if (!image) throw new AppError('NOT_FOUND', 'No profile photo.');
  return { image: Buffer.from(image), updatedAt: photo.updatedAt };
}

export async function deleteProfilePhoto(db: Database, storage: Storage, customerId: string) {
  await db.delete(profilePhotos).where(eq(profilePhotos.customerId, customerId));
  for (const size of SIZES) await storage.delete(profilePhotoKey(customerId, size));
}

/**
 * The data migration of decision 014, run by the server before the SQL migrations at every start:
 * while the table still has the bytea columns that held the photos (until migration 0018 drops
 * them), every photo still in them is copied into storage, so the drop loses nothing. Copying
 * again is harmless (the same bytes), and once the columns are gone it is one query.
 */
export async function moveProfilePhotosToStorage(db: Database, storage: Storage, log?: Log): Promise<number> {
  const columns = await db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'profile_photos'
          and column_name in ('image32', 'image128')`,
  );
  if (columns.rows.length < 2) return 0;
  let moved = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await db.execute<{ customer_id: string; image32: Uint8Array | null; image128: Uint8Array }>(
      sql`select customer_id, image32, image128 from profile_photos
          where image128 is not null and customer_id > ${after} order by customer_id limit 100`,
    );
    if (batch.rows.length === 0) break;
    for (const photo of batch.rows) {
      if (photo.image32) {
        await storage.put(profilePhotoKey(photo.customer_id, 32), photo.image32, {
          contentType: 'image/png',
        });
      }
      await storage.put(profilePhotoKey(photo.customer_id, 128), photo.image128, {
        contentType: 'image/png',
      });
      after = photo.customer_id;
      moved += 1;
    }
  }
  if (moved > 0) log?.info({ moved }, 'profile photos copied from the database into storage');
  return moved;
}
