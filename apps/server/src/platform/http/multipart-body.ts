import { randomUUID } from 'node:crypto';

/**
 * A multipart/form-data body as a browser sends it: the text fields, then one file. For the
 * clients in this process (the command line's uploads, tests); the web app uses FormData.
 */
export function multipartBody(
  file: { field: string; name: string; content: Uint8Array; contentType?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----loupe-${randomUUID()}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const filename = file.name.replaceAll('"', '%22').replaceAll('\r', '').replaceAll('\n', '');
  const payload = Buffer.concat([
    Buffer.from(
      `${texts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
