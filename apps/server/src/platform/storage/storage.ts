import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { Disk } from 'flydrive';
import type { Config } from '../config.ts';

/**
 * Where the portal keeps files (profile photos now; KYC documents, invoices later): a folder under
 * DATA_DIR by default, an S3-compatible bucket when STORAGE_S3_BUCKET is set (decision 014). Every
 * file is private: nothing serves the folder or the bucket as it is; an area reads a file and
 * answers it through a route that checks who asks.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, contents: Uint8Array, options: { contentType: string }): Promise<void>;
  /**
   * Writes a file as it arrives, never holding it whole. When the stream fails (too large, the
   * client gone) nothing of it is kept and the stream's error is thrown.
   */
  putStream(key: string, contents: Readable, options: { contentType: string }): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  getBytes(key: string): Promise<Uint8Array | null>;
  getStream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a file that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file under a prefix (`customers/<id>/`). */
  deleteAll(prefix: string): Promise<void>;
}

export type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'STORAGE_DIR'
  | 'STORAGE_S3_BUCKET'
  | 'STORAGE_S3_REGION'
  | 'STORAGE_S3_ENDPOINT'
  | 'STORAGE_S3_ACCESS_KEY_ID'
  | 'STORAGE_S3_SECRET_ACCESS_KEY'
  | 'STORAGE_S3_FORCE_PATH_STYLE'
>;

/** Keys are paths of plain segments: letters, digits, `-`, `_`, `.`; no `..`, no leading `/`. */
export function assertKey(key: string) {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`not a storage key: ${key}`);
  }
}

/**
 * The storage of a disk opened on first use: flydrive and its helpers are a tenth of a second of
 * module loading that a start does not need (decision 038).
 */
function wrap(openDisk: () => Promise<Disk>, kind: Storage['kind']): Storage {
  let opened: Promise<Disk> | undefined;
  const disk = () => {
    opened ??= openDisk();
    return opened;
  };
  return {
    kind,
    async put(key, contents, { contentType }) {
      assertKey(key);
      await (await disk()).put(key, contents, { contentType, visibility: 'private' });
    },
    async putStream(key, contents, { contentType }) {
      assertKey(key);
      // The driver sees a stream that only ends: a failure of the source (too large, the client
      // gone) ends it early, and the part written is deleted once the driver is done with it, so
      // that no write finishes after the delete.
      let failure: unknown;
      const body = new PassThrough();
      contents.once('error', (err) => {
        failure = err;
        contents.unpipe(body);
        body.end();
      });
      contents.pipe(body);
      try {
        await (await disk()).putStream(key, body, { contentType, visibility: 'private' });
      } catch (err) {
        failure ??= err;
      }
      if (failure !== undefined) {
        await (await disk()).delete(key).catch(() => undefined);
        throw failure;
      }
    },
    async getBytes(key) {
      assertKey(key);
      const files = await disk();
      if (!(await files.exists(key))) return null;
      return files.getBytes(key);
    },
    getStream(key) {
      assertKey(key);
      return disk().then((files) => files.getStream(key));
    },
    exists(key) {
      assertKey(key);
      return disk().then((files) => files.exists(key));
    },
    async delete(key) {
      assertKey(key);
      await (await disk()).delete(key);
    },
    async deleteAll(prefix) {
      assertKey(prefix.replace(/\/$/, ''));
      await (await disk()).deleteAll(prefix);
    },
  };
}

/** Files in a folder (by default DATA_DIR/files). */
export function createDiskStorage(location: string): Storage {
  return wrap(async () => {
    const [{ Disk }, { FSDriver }] = await Promise.all([import('flydrive'), import('flydrive/drivers/fs')]);
    return new Disk(new FSDriver({ location, visibility: 'private' }));
  }, 'disk');
}

/** The configured storage: the S3 bucket when STORAGE_S3_BUCKET is set, else the folder. */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  const bucket = config.STORAGE_S3_BUCKET;
  if (!bucket) {
    return createDiskStorage(config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'files'));
  }
  // The S3 client is large: loaded only when a bucket is configured, and then with the first file.
  return wrap(async () => {
    const [{ Disk }, { S3Driver }] = await Promise.all([import('flydrive'), import('flydrive/drivers/s3')]);
    const driver = new S3Driver({
      bucket,
      region: config.STORAGE_S3_REGION,
      ...(config.STORAGE_S3_ENDPOINT ? { endpoint: config.STORAGE_S3_ENDPOINT } : {}),
      forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
      ...(config.STORAGE_S3_ACCESS_KEY_ID && config.STORAGE_S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID,
              secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
      visibility: 'private',
      // Private objects need no ACL calls, and many S3-compatible services (R2, MinIO) have none.
      supportsACL: false,
    });
    return new Disk(driver);
  }, 's3');
}
