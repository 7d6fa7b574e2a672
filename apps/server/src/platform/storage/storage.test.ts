import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage, createStorage } from './storage.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('[STORAGE] files on disk', () => {
  const storage = createDiskStorage(dir);

  it('puts, reads, lists by existence and deletes files by key', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await storage.put('customers/abc/photo.png', bytes, { contentType: 'image/png' });
    expect(fs.existsSync(path.join(dir, 'customers/abc/photo.png'))).toBe(true);
    expect(await storage.exists('customers/abc/photo.png')).toBe(true);
    expect(Buffer.from((await storage.getBytes('customers/abc/photo.png'))!)).toEqual(Buffer.from(bytes));
    expect(await storage.getBytes('customers/abc/none.png')).toBeNull();

    await storage.delete('customers/abc/photo.png');
    expect(await storage.exists('customers/abc/photo.png')).toBe(false);
    await storage.delete('customers/abc/photo.png'); // gone already: no error
  });

  it('writes a stream as it comes, and keeps nothing of a stream that fails half-way', async () => {
    const chunks = [Buffer.alloc(100_000, 1), Buffer.alloc(100_000, 2)];
    await storage.putStream('kyc/s/whole.pdf', Readable.from(chunks), { contentType: 'application/pdf' });
    expect(Buffer.from((await storage.getBytes('kyc/s/whole.pdf'))!)).toEqual(Buffer.concat(chunks));

    async function* failing() {
      yield chunks[0]!;
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('too large');
    }
    await expect(
      storage.putStream('kyc/s/half.pdf', Readable.from(failing()), { contentType: 'application/pdf' }),
    ).rejects.toThrow('too large');
    expect(await storage.exists('kyc/s/half.pdf')).toBe(false);
  });

  it('removes everything under a prefix', async () => {
    await storage.put('kyc/one/a.pdf', new Uint8Array([1]), { contentType: 'application/pdf' });
    await storage.put('kyc/one/b.pdf', new Uint8Array([2]), { contentType: 'application/pdf' });
    await storage.put('kyc/two/a.pdf', new Uint8Array([3]), { contentType: 'application/pdf' });
    await storage.deleteAll('kyc/one/');
    expect(await storage.exists('kyc/one/a.pdf')).toBe(false);
    expect(await storage.exists('kyc/two/a.pdf')).toBe(true);
  });

  it('refuses keys that would leave its folder', async () => {
    for (const key of ['../outside.txt', '/etc/passwd', 'a/../../b', 'a//b', '']) {
      await expect(storage.put(key, new Uint8Array([1]), { contentType: 'text/plain' })).rejects.toThrow(
        'not a storage key',
      );
    }
  });

  it('is the folder DATA_DIR/files unless a folder or a bucket is configured', async () => {
    const storageOf = (env: Partial<Parameters<typeof createStorage>[0]>) =>
      createStorage({
        DATA_DIR: dir,
        STORAGE_DIR: undefined,
        STORAGE_S3_BUCKET: undefined,
        STORAGE_S3_REGION: 'us-east-1',
        STORAGE_S3_ENDPOINT: undefined,
        STORAGE_S3_ACCESS_KEY_ID: undefined,
        STORAGE_S3_SECRET_ACCESS_KEY: undefined,
        STORAGE_S3_FORCE_PATH_STYLE: false,
        ...env,
      });
    const byDefault = await storageOf({});
    await byDefault.put('x/y.txt', new Uint8Array([1]), { contentType: 'text/plain' });
    expect(fs.existsSync(path.join(dir, 'files/x/y.txt'))).toBe(true);
    expect(byDefault.kind).toBe('disk');
    expect(
      (await storageOf({ STORAGE_S3_BUCKET: 'loupe', STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000' })).kind,
    ).toBe('s3');
  });
});
