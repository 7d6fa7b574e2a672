import { Readable, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { type UploadDef, type UploadType, uploadTypesText } from '@loupe/contract/route';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A file a route received, checked against its contract's `upload` (field, type by its first
 * bytes, text fields), still arriving: the handler reads it once, either streamed (`stream`,
 * e.g. into storage.putStream) or whole (`bytes`, for what is parsed in memory).
 */
export interface Upload<TFields = Record<string, never>> {
  /** The name the client gave the file (shown back, never used as a path). */
  fileName: string;
  /** The type judged from the content. */
  type: UploadType;
  /** The text fields sent before the file, read with the contract's `upload.fields`. */
  fields: TFields;
  /**
   * The file as it arrives. It fails with 400 FILE_TOO_LARGE once more than the route's
   * `maxBytes` (or a smaller `maxBytes` given here, with its own message) came in.
   */
  stream(limit?: { maxBytes: number; message: string }): Readable;
  /** The whole file in memory (the route's `maxBytes` at most, else 400 FILE_TOO_LARGE). */
  bytes(): Promise<Buffer>;
  /** The bytes read so far: the file's size once its stream ended. */
  readonly size: number;
  /** Lets the rest of an unread file flow by (registerRoute calls it after the handler). */
  discard(): void;
}

/** How much of a file is read before the handler to judge its type (file-type needs ~4 KB). */
const HEAD_BYTES = 64 * 1024;

/** What file-type names a few types the contract calls otherwise. */
const DETECTED_AS: Record<string, UploadType> = {
  // Word 97-2003 documents are Compound File Binary containers.
  'application/x-cfb': 'application/msword',
};

const SVG_START = /^(?:\s*<\?xml[^>]*>)?(?:\s*<!--[\s\S]*?-->)*(?:\s*<!DOCTYPE\s+svg[^>]*>)?\s*<svg[\s>]/i;

/**
 * The file's type by its content: a binary signature (file-type: PDF, JPEG, PNG, Office files …),
 * else, for text (no NUL byte in the first 64 KB), SVG when it is an SVG document and CSV
 * otherwise (its encoding is the reader's business: the stock import says when it is not UTF-8).
 * Null for binary content of no known type.
 */
export async function judgeFileType(bytes: Uint8Array): Promise<UploadType | string | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  // XML is text: an SVG drawing starts with an XML declaration as often as not.
  if (detected && detected.mime !== 'application/xml') return DETECTED_AS[detected.mime] ?? detected.mime;
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) return null;
  const text = Buffer.from(head.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return SVG_START.test(text) ? 'image/svg+xml' : 'text/csv';
}

function megabytes(bytes: number) {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * Up to `size` bytes from the start of a stream, put back so that the stream still yields them;
 * `ended` when that was the whole stream (it can then not take them back: they are the file).
 */
async function peek(stream: Readable, size: number): Promise<{ head: Buffer; ended: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const chunk: Buffer | null = stream.read();
    if (chunk !== null) {
      parts.push(chunk);
      length += chunk.length;
      continue;
    }
    if (stream.readableEnded) {
      ended = true;
      break;
    }
    const outcome = await new Promise<'more' | 'end'>((resolve, reject) => {
      const more = () => settle('more');
      const end = () => settle('end');
      const settle = (what: 'more' | 'end' | Error) => {
        stream.off('readable', more).off('end', end).off('error', settle);
        if (what instanceof Error) reject(what);
        else resolve(what);
      };
      stream.on('readable', more).on('end', end).on('error', settle);
    });
    if (outcome === 'end') {
      ended = true;
      break;
    }
  }
  const head = Buffer.concat(parts);
  if (!ended && head.length > 0) stream.unshift(head);
  return { head, ended };
}

/**
 * Reads the one file of a multipart request up to its first bytes and checks it against the
 * route's `upload`: the field, the type by content (400 FILE_TYPE_NOT_ALLOWED) and the text fields
 * (400 VALIDATION_FAILED); the size (400 FILE_TOO_LARGE) is counted as the handler reads the file,
 * so no more than a chunk of it is ever held unless the handler asks for it whole, and a second
 * file (400 VALIDATION_FAILED) fails the file's stream at its end, before the handler has it all.
 * registerRoute calls it for every route whose contract declares an upload, before the handler.
 */
export async function readUpload<TFields>(request: FastifyRequest, def: UploadDef): Promise<Upload<TFields>> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart form data.');
  }
  const routeLimit = {
    maxBytes: def.maxBytes,
    message: `The file is larger than ${megabytes(def.maxBytes)}.`,
  };
  // One byte past the limit reaches us, so that a file of exactly maxBytes passes and a larger one
  // is known to be larger; busboy drops the rest of the part. The parts come in order: the text
  // fields, the file, and whatever follows it, known only once the file has arrived.
  const parts = request.parts({ limits: { fileSize: def.maxBytes + 1, files: 1, fields: 20 } });
  let file: MultipartFile | undefined;
  for (let part = await parts.next(); !part.done; part = await parts.next()) {
    if (part.value.type === 'file') {
      file = part.value;
      break;
    }
  }
  /** Whether another file follows the file (busboy refuses it past `files: 1`, skipping its bytes). */
  const anotherFile = async () => {
    try {
      for (let part = await parts.next(); !part.done; part = await parts.next()) {
        if (part.value.type === 'file') {
          part.value.file.resume();
          return true;
        }
      }
      return false;
    } catch (err) {
      if (err instanceof request.server.multipartErrors.FilesLimitError) return true;
      throw err;
    }
  };
  if (file?.fieldname !== def.field) {
    file?.file.resume();
    throw new AppError('VALIDATION_FAILED', `Attach the file in the form field "${def.field}".`);
  }
  const source = file.file;
  const discard = () => {
    source.unpipe();
    source.resume();
  };
  const { head, ended } = await peek(source, HEAD_BYTES);
  const type = await judgeFileType(head);
  if (!type || !(def.types as readonly string[]).includes(type)) {
    discard();
    throw new AppError('FILE_TYPE_NOT_ALLOWED', `Only ${uploadTypesText(def.types)} files are accepted.`);
  }
  const given: Record<string, string> = {};
  for (const [name, part] of Object.entries(file.fields)) {
    const one = Array.isArray(part) ? part[0] : part;
    if (one && one.type === 'field' && typeof one.value === 'string') given[name] = one.value;
  }
  let fields: unknown = {};
  if (def.fields) {
    const parsed = def.fields.safeParse(given);
    if (!parsed.success) {
      discard();
      const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new AppError('VALIDATION_FAILED', `${details[0]?.path}: ${details[0]?.message}`, details);
    }
    fields = parsed.data;
  }

  let size = 0;
  let taken = false;
  const stream = (limit = routeLimit) => {
    if (taken) throw new Error('an upload is read once');
    taken = true;
    const maxBytes = Math.min(limit.maxBytes, def.maxBytes);
    const message = limit.maxBytes <= def.maxBytes ? limit.message : routeLimit.message;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new AppError('FILE_TOO_LARGE', message));
        else done(null, chunk);
      },
      // The file's end reaches the handler only once no other file follows: a second file fails
      // the stream, so that what the handler wrote of the first is undone (storage.putStream keeps
      // nothing of a failed stream) and nothing is taken of a request that sent two.
      flush(done) {
        anotherFile().then(
          (more) =>
            done(
              more
                ? new AppError('VALIDATION_FAILED', `Attach one file only, in the form field "${def.field}".`)
                : null,
            ),
          (err: Error) => done(err),
        );
      },
    });
    const from = ended ? Readable.from([head]) : source;
    // A failed read leaves the rest of the request to flow by, so that the answer goes out.
    from.on('error', (err) => counted.destroy(err));
    counted.on('error', discard);
    from.pipe(counted);
    return counted;
  };
  return {
    fileName: file.filename,
    type: type as UploadType,
    fields: fields as TFields,
    stream,
    async bytes() {
      const parts: Buffer[] = [];
      for await (const chunk of stream()) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    },
    get size() {
      return size;
    },
    discard() {
      if (!taken) discard();
    },
  };
}
