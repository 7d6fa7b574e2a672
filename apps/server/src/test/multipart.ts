import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file (and text fields before it), written out as a browser would send it. */
export function multipartFile(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = `----loupe-test-${randomUUID()}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(
      `${texts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
