import { randomBytes } from 'node:crypto';

/** One file as a multipart/form-data body, as the admin's upload sends it. */
export const multipart = (file: {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}) => {
  const boundary = `----demo${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};
