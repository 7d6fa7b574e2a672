import { randomUUID } from 'node:crypto';

export interface MultipartFile {
  field: string;
  name: string;
  content: Uint8Array;
  contentType?: string;
}

/**
 * A multipart/form-data body as a browser sends it: the text fields, then the file (several only
 * to see the refusal: a route takes one). For the clients in this process (the command line's
 * uploads, tests); the web app uses FormData.
 */
export function multipartBody(files: MultipartFile | MultipartFile[], fields: Record<string, string> = {}) {
  const boundary = `----loupe-${randomUUID()}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const parts = (Array.isArray(files) ? files : [files]).map((file) => {
    const filename = file.name.replaceAll('"', '%22').replaceAll('\r', '').replaceAll('\n', '');
    return Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]);
  });
  const payload = Buffer.concat([Buffer.from(texts.join('')), ...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
