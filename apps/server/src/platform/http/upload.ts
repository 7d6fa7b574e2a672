import { type UploadDef, type UploadType, uploadTypesText } from '@loupe/contract/route';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors.ts';

/** A file a route received, checked against its contract's `upload`. */
export interface Upload<TFields = Record<string, never>> {
  /** The name the client gave the file (shown back, never used as a path). */
  fileName: string;
  /** The type judged from the content. */
  type: UploadType;
  bytes: Buffer;
  /** The text fields sent before the file, read with the contract's `upload.fields`. */
  fields: TFields;
}

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
 * Reads the one file of a multipart request and checks it against the route's `upload`: the field,
 * the size (400 FILE_TOO_LARGE), the type by content (400 FILE_TYPE_NOT_ALLOWED) and the text
 * fields (400 VALIDATION_FAILED). registerRoute calls it for every route whose contract declares
 * an upload, before the handler.
 */
export async function readUpload<TFields>(request: FastifyRequest, def: UploadDef): Promise<Upload<TFields>> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart form data.');
  }
  const tooLarge = () =>
    new AppError('FILE_TOO_LARGE', `The file is larger than ${megabytes(def.maxBytes)}.`);
  const file = await request.file({ limits: { fileSize: def.maxBytes, files: 1, fields: 20 } });
  if (file?.fieldname !== def.field) {
    throw new AppError('VALIDATION_FAILED', `Attach the file in the form field "${def.field}".`);
  }
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.file.truncated) throw tooLarge();
  const type = await judgeFileType(bytes);
  if (!type || !(def.types as readonly string[]).includes(type)) {
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
      const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new AppError('VALIDATION_FAILED', `${details[0]?.path}: ${details[0]?.message}`, details);
    }
    fields = parsed.data;
  }
  return { fileName: file.filename, type: type as UploadType, bytes, fields: fields as TFields };
}
