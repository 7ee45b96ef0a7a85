import { randomBytes } from 'node:crypto';

export interface MultipartPart {
  name: string;
  /** Sent byte for byte: a Buffer may hold bytes that are not UTF-8. */
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart/form-data body written by hand, so a test can send what form-data will not: bytes that are not UTF-8
 * in a text field, a part without a name, a body cut short.
 */
export function multipartBody(parts: MultipartPart[], boundary = `----edge${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
