import fs from 'node:fs';
import path from 'node:path';
import { deleteProfilePhoto, getMe, uploadProfilePhoto } from '@loupe/contract/customers';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { profilePhotos } from '../../platform/db/schema/index.ts';
import { migrationsFolder } from '../../platform/server-folder.ts';
import { callRoute, injectRoute } from '../../test/call-route.ts';
import { multipartFile } from '../../test/multipart.ts';
import { fetchPhoto, redPng, uploadPhoto } from '../../test/profile-photo-kit.ts';
import { bearer, createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';
import { moveProfilePhotosToStorage } from './index.ts';
import { profilePhotoKey } from './profile-photo.ts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await redPng();
});
afterAll(() => t.close());

type CustomerBody = { customer: { has_profile_photo: boolean } };

const me = (token: string) => injectRoute(t.app, getMe, { headers: bearer(token) });

async function loggedIn() {
  const c = await createCustomer(t.deps.db);
  return { ...c, token: await logInAs(t.app, c.email, c.password) };
}

const upload = (token: string, file = multipartFile('profile', 'me.png', 'image/png', png)) =>
  uploadPhoto(t.app, token, file);
const photo = (token: string, size?: number) => fetchPhoto(t.app, token, size);

/** Whether the photo's file at this size is in the test database's storage folder. */
const stored = (customerId: string, size: 32 | 128) =>
  fs.existsSync(path.join(t.database.filesDir, profilePhotoKey(customerId, size)));

describe('[CUSTOMER] profile photo', () => {
  it('stores an uploaded PNG and serves it as square PNGs of 32 and 128 pixels', async () => {
    const c = await loggedIn();
    const res = await upload(c.token);
    expect(res.statusCode).toBe(204);
    expect(json<CustomerBody>(await me(c.token)).customer.has_profile_photo).toBe(true);

    for (const size of [32, 128]) {
      const got = await photo(c.token, size);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      const meta = await sharp(got.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'png',
        width: size,
        height: size,
      });
    }
    // Without a size the small one is served.
    const small = await sharp((await photo(c.token)).rawPayload).metadata();
    expect(small.width).toBe(32);
  });

  it('accepts a JPEG and replaces the earlier photo', async () => {
    const c = await loggedIn();
    expect((await upload(c.token)).statusCode).toBe(204);
    const jpeg = await sharp({ create: { width: 64, height: 400, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    expect((await upload(c.token, multipartFile('profile', 'me.jpg', 'image/jpeg', jpeg))).statusCode).toBe(
      204,
    );
    const got = await photo(c.token, 128);
    const { dominant } = await sharp(got.rawPayload).stats();
    expect(dominant).toMatchObject({ r: expect.any(Number) });
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeGreaterThan(200);
  });

  it('refuses a size other than 32 or 128', async () => {
    const c = await loggedIn();
    await upload(c.token);
    const res = await photo(c.token, 64);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'size' }] });
  });

  it('judges the file by its content: no image, a GIF or a wrong field is refused with 400, whatever its name says', async () => {
    const c = await loggedIn();
    const text = await upload(
      c.token,
      multipartFile('profile', 'me.png', 'image/png', Buffer.from('hello, not a png')),
    );
    expect(text.statusCode).toBe(400);
    expect(json(text)).toEqual({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Only PNG, JPG or SVG files are accepted.',
    });

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const gifRes = await upload(c.token, multipartFile('profile', 'me.png', 'image/png', gif));
    expect(gifRes.statusCode).toBe(400);
    expect(json(gifRes).code).toBe('FILE_TYPE_NOT_ALLOWED');

    const wrongField = await upload(c.token, multipartFile('avatar', 'me.png', 'image/png', png));
    expect(wrongField.statusCode).toBe(400);
    expect(json(wrongField)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Attach the file in the form field "profile".',
    });

    const notMultipart = await injectRoute(t.app, uploadProfilePhoto, {
      headers: bearer(c.token),
      rawBody: { profile: 'data' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(json(notMultipart).code).toBe('VALIDATION_FAILED');

    expect((await photo(c.token)).statusCode).toBe(404);
    expect(json<CustomerBody>(await me(c.token)).customer.has_profile_photo).toBe(false);

    // A PNG named and labelled as something else is a PNG.
    const renamed = await upload(c.token, multipartFile('profile', 'me.gif', 'image/gif', png));
    expect(renamed.statusCode).toBe(204);
  });

  it('takes an SVG drawing', async () => {
    const c = await loggedIn();
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0a0"/></svg>',
    );
    expect((await upload(c.token, multipartFile('profile', 'me.svg', 'image/svg+xml', svg))).statusCode).toBe(
      204,
    );
    const meta = await sharp((await photo(c.token, 128)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 128, height: 128 });
  });

  it('refuses two photos in one upload with 400 and keeps no photo', async () => {
    const c = await loggedIn();
    const res = await callRoute(t.app, uploadProfilePhoto, {
      token: c.token,
      upload: { name: 'me.png', content: png, more: [{ name: 'me-too.png', content: png }] },
    });
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Attach one file only, in the form field "profile".',
    });
    expect((await photo(c.token)).statusCode).toBe(404);
    expect(stored(c.id, 32) || stored(c.id, 128)).toBe(false);
  });

  it('refuses a photo over 20 MB with 400 FILE_TOO_LARGE', async () => {
    const c = await loggedIn();
    const huge = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 + 1 - png.length)]);
    const res = await upload(c.token, multipartFile('profile', 'huge.png', 'image/png', huge));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 'FILE_TOO_LARGE', message: 'The file is larger than 20 MB.' });
    expect((await photo(c.token)).statusCode).toBe(404);
  });

  it('deletes the photo: then 404 and has_profile_photo false', async () => {
    const c = await loggedIn();
    await upload(c.token);
    const res = await injectRoute(t.app, deleteProfilePhoto, { headers: bearer(c.token) });
    expect(res.statusCode).toBe(204);
    const gone = await photo(c.token);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).code).toBe('NOT_FOUND');
    expect(json<CustomerBody>(await me(c.token)).customer.has_profile_photo).toBe(false);
  });
});

describe('[CUSTOMER] profile photos in storage', () => {
  it('keeps the photo as files in storage, not in the database, and deletes them with it', async () => {
    const c = await loggedIn();
    await upload(c.token);
    expect(stored(c.id, 32) && stored(c.id, 128)).toBe(true);
    const [row] = await t.deps.db.select().from(profilePhotos).where(eq(profilePhotos.customerId, c.id));
    expect(Object.keys(row!).sort()).toEqual(['customerId', 'updatedAt']);

    await injectRoute(t.app, deleteProfilePhoto, { headers: bearer(c.token) });
    expect(stored(c.id, 32) || stored(c.id, 128)).toBe(false);
  });

  it('copies the photos an older database still holds into storage before migration 0018 drops their columns', async () => {
    const c = await loggedIn();
    const image32 = await sharp(png).resize(32, 32).png().toBuffer();
    const image128 = await sharp(png).resize(128, 128).png().toBuffer();
    const db = t.deps.db;
    // The table as it was before 0018, holding a photo that never reached storage.
    await db.execute(sql`alter table profile_photos add column image32 bytea, add column image128 bytea`);
    await db.execute(
      sql`insert into profile_photos (customer_id, image32, image128, updated_at)
          values (${c.id}, ${image32}, ${image128}, ${t.clock.now()})`,
    );
    expect(stored(c.id, 128)).toBe(false);

    expect(await moveProfilePhotosToStorage(db, t.deps.storage!)).toBe(1);
    const drop = fs.readFileSync(path.join(migrationsFolder, '0018_drop_profile_photo_bytes.sql'), 'utf8');
    for (const statement of drop.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    expect(Buffer.from((await photo(c.token, 32)).rawPayload).equals(image32)).toBe(true);
    expect(Buffer.from((await photo(c.token, 128)).rawPayload).equals(image128)).toBe(true);
    expect(json<CustomerBody>(await me(c.token)).customer.has_profile_photo).toBe(true);
    // Every later start: the columns are gone, nothing to copy.
    expect(await moveProfilePhotosToStorage(db, t.deps.storage!)).toBe(0);
  });
});
