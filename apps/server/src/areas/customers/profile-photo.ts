import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { profilePhotos } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

export const PROFILE_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
const acceptedTypes = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

/** Stores the photo as square PNGs at the two sizes the screens show. */
export async function saveProfilePhoto(
  db: Database,
  clock: Clock,
  customerId: string,
  file: { mimetype: string; data: Buffer },
) {
  if (!acceptedTypes.has(file.mimetype)) {
    throw new AppError('UNSUPPORTED_MEDIA', 'Upload a PNG, JPG or SVG image.');
  }
  let image32: Buffer;
  let image128: Buffer;
  // sharp is slow to load: the server loads it on the first upload, not at start.
  const { default: sharp } = await import('sharp');
  try {
    const square = (size: number) =>
      sharp(file.data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(size, size, { fit: 'cover' })
        .png()
        .toBuffer();
    [image32, image128] = await Promise.all([square(32), square(128)]);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'This file is not a readable image.');
  }
  const updatedAt = clock.now();
  await db
    .insert(profilePhotos)
    .values({ customerId, image32, image128, updatedAt })
    .onConflictDoUpdate({ target: profilePhotos.customerId, set: { image32, image128, updatedAt } });
}

export async function getProfilePhoto(db: Database, customerId: string, size: 32 | 128) {
  const [photo] = await db
    .select()
    .from(profilePhotos)
    .where(eq(profilePhotos.customerId, customerId))
    .limit(1);
  if (!photo) throw new AppError('NOT_FOUND', 'No profile photo.');
  return { image: size === 32 ? photo.image32 : photo.image128, updatedAt: photo.updatedAt };
}

export async function deleteProfilePhoto(db: Database, customerId: string) {
  await db.delete(profilePhotos).where(eq(profilePhotos.customerId, customerId));
}
