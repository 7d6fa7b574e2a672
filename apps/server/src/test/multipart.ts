import { multipartBody } from '../platform/http/multipart-body.ts';

/** A multipart/form-data body with one file (and text fields before it), with its content-type header. */
export function multipartFile(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const body = multipartBody({ field, name: filename, content: data, contentType }, fields);
  return { payload: body.payload, headers: { 'content-type': body.contentType } };
}
